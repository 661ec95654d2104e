import tseslint from 'typescript-eslint';

/**
 * Where code may reach (issue 28), kept apart so the architecture test lints with exactly these rules:
 * - every query lives in its module's `*.repository.ts`: services, controllers and routers import neither Drizzle
 *   nor @siplog/db's tables (its types are fine);
 * - a module reaches another module's data through that module's service, and an adapter through its services;
 * - the web app's shared components and helpers sit below the features and never import one.
 */
const QUERIES_LIVE_IN_REPOSITORIES = "Queries live in the module's *.repository.ts: call a repository method from here.";

/** `@typescript-eslint/no-restricted-imports`: no Drizzle and no @siplog/db value (its types are fine), plus `also`. */
const restrictImports = (also) => [
  'error',
  {
    paths: [
      { name: '@siplog/db', allowTypeImports: true, message: QUERIES_LIVE_IN_REPOSITORIES },
      { name: 'drizzle-orm', message: QUERIES_LIVE_IN_REPOSITORIES },
    ],
    patterns: [{ group: ['drizzle-orm/*'], message: QUERIES_LIVE_IN_REPOSITORIES }, also],
  },
];

export const apiLayering = [
  {
    files: ['apps/api/src/**/*.service.ts', 'apps/api/src/**/*.controller.ts', 'apps/api/src/**/*.router.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports({ group: ['../*/*.repository', '../../**/*.repository'], message: "Reach another module's data through its service." }),
    },
  },
  {
    // Adapters call services, never a repository (their own module's either).
    files: ['apps/api/src/**/*.controller.ts', 'apps/api/src/**/*.router.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': restrictImports({ group: ['**/*.repository'], message: 'Controllers and routers are adapters over services: call the service.' }),
    },
  },
];

const BELOW_THE_FEATURES = 'components/ and lib/ sit below the features, routes and the app shell: move what both need down here instead.';

export const webLayering = [
  {
    // The web app's lower floor: shared components and helpers never reach up into a feature, a route or the shell.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/routes/**', '**/layout/**'], message: BELOW_THE_FEATURES }] }],
    },
  },
];
