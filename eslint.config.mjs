import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { apiLayering, webLayering } from './eslint.architecture.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', '.test-results/**', '.turbo/**', '**/.e2e-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Data access is asynchronous (issue 18): a promise left unawaited or used as a value is a bug.
    files: ['apps/api/src/**/*.ts', 'packages/db/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read loosely typed JSON answers, and scripts report to the terminal.
    files: ['**/*.spec.ts', '**/*.e2e.ts', '**/test/**', 'scripts/**', 'apps/web/e2e/**', '**/seed-cli.ts', '**/*.cli.ts', 'apps/api/src/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  // Where code may reach (issue 28): queries in repositories, the web app's shared parts below its features.
  ...apiLayering,
  ...webLayering,
);
