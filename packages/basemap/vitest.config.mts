import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.{ts,mts}'],
    environment: 'node',
    reporters: ['default', 'json'],
    outputFile: { json: new URL('../../.test-results/basemap.json', import.meta.url).pathname },
  },
});
