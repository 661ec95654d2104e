import { defineConfig } from 'vitest/config';

// One image is built for the whole file (a few minutes on 2 cores); every step after it runs containers.
export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 30 * 60_000,
    testTimeout: 5 * 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: new URL('../../.test-results/image.json', import.meta.url).pathname },
  },
});
