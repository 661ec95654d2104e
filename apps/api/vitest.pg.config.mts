import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.mts';

/** The same API suite on PostgreSQL: a throw-away cluster for the run, a fresh database per test app. */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      globalSetup: ['src/test/pg-global-setup.ts'],
      outputFile: { json: new URL('../../.test-results/api-pg.json', import.meta.url).pathname },
    },
  }),
);
