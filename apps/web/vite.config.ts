import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
