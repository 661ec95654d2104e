import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // Brotli and gzip copies of every text asset at build time, so the server sends them without compressing per request.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  resolve: {
    // The web app compiles the shared contracts from source, so dev edits show at once.
    alias: { '@siplog/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiOrigin, '/trpc': apiOrigin },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 800 },
});
