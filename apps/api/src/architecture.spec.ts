import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
// The layering rules the repository's lint runs, alone (no type information needed).
const layering = import('../../../eslint.architecture.mjs');
const eslint = layering.then(({ apiLayering }) => new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: apiLayering }));
const webEslint = layering.then(({ webLayering }) => new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: webLayering }));

/** The layering rules' findings and any file that does not parse (other rules' directives in the files are not loaded here). */
const messagesOf = (results: ESLint.LintResult[]) =>
  results.flatMap((result) =>
    result.messages
      .filter((message) => message.fatal || message.ruleId?.endsWith('no-restricted-imports'))
      .map((message) => `${path.relative(ROOT, result.filePath)}:${message.line} ${message.message}`),
  );

describe('where queries live (issue 28)', () => {
  it('keeps Drizzle, the tables and other modules’ repositories out of every service, controller and router', async () => {
    const results = await (await eslint).lintFiles(['apps/api/src/**/*.service.ts', 'apps/api/src/**/*.controller.ts', 'apps/api/src/**/*.router.ts']);
    expect(results.length).toBeGreaterThan(40);
    expect(messagesOf(results)).toEqual([]);
  });

  it('refuses a query builder, a table or another module’s repository in a service, and any repository in an adapter', async () => {
    const service = 'apps/api/src/modules/post/post.service.ts';
    const lint = async (code: string, filePath = service) => messagesOf(await (await eslint).lintText(code, { filePath: path.join(ROOT, filePath) }));
    expect(await lint(`import { eq } from 'drizzle-orm';\nexport const x = eq;`)).toHaveLength(1);
    expect(await lint(`import { sqliteTable } from 'drizzle-orm/sqlite-core';\nexport const x = sqliteTable;`)).toHaveLength(1);
    expect(await lint(`import { posts } from '@siplog/db';\nexport const x = posts;`)).toHaveLength(1);
    expect(await lint(`import { PlaceRepository } from '../place/place.repository';\nexport const x = PlaceRepository;`)).toHaveLength(1);
    expect(await lint(`import { PostRepository } from './post.repository';\nexport const x = PostRepository;`, 'apps/api/src/modules/post/post.router.ts')).toHaveLength(1);
    // What is allowed: the facade's types, and a service's own repository.
    expect(await lint(`import type { Database } from '@siplog/db';\nimport { PostRepository } from './post.repository';\nexport type X = Database;\nexport const y = PostRepository;`)).toEqual([]);
  });
});

describe("the web app's floors (issue 28)", () => {
  it('keeps features, routes and the app shell out of the shared components and helpers', async () => {
    const results = await (await webEslint).lintFiles(['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}']);
    expect(results.length).toBeGreaterThan(20);
    expect(messagesOf(results)).toEqual([]);
    const upward = await (await webEslint).lintText(`import { FollowButton } from '../../features/profile/FollowButton';\nexport const x = FollowButton;`, {
      filePath: path.join(ROOT, 'apps/web/src/components/dialog/Example.tsx'),
    });
    expect(messagesOf(upward)).toHaveLength(1);
  });
});
