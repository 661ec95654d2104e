import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['src/**/*.spec.ts'],
      environment: 'node',
      reporters: ['default', 'json'],
      outputFile: { json: new URL('../../.test-results/web.json', import.meta.url).pathname },
    },
  }),
);
