import { defineConfig } from 'vitest/config';

/** Browser tests: Playwright drives Debian's Chromium against the built API + web app. */
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: new URL('../../.test-results/web-browser.json', import.meta.url).pathname },
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
