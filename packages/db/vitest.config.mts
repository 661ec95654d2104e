import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts'],
    environment: 'node',
    reporters: ['default', 'json'],
    outputFile: { json: new URL('../../.test-results/db.json', import.meta.url).pathname },
  },
});
