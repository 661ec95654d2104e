import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // SWC emits the decorator metadata Nest's dependency injection reads; esbuild does not.
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: new URL('../../.test-results/api.json', import.meta.url).pathname },
    include: ['src/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
