import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTES } from '@siplog/contracts';
import { registerAccount } from '../test/accounts';
import { builtWebDist } from '../test/built-web-dist';
import { startTestApp, type TestApp } from '../test/test-app';

const ADMIN_PATH = 'assets-test-admin';
const PERSON = 'assetsperson';

/** Example addresses of every page of the route table (both kinds of /view/…), and of paths that are no page. */
const PAGE_PARAMS: Record<string, string[]> = {
  location: ['some-cafe'],
  param: ['12', 'chicago'],
  name: [PERSON],
  username: [PERSON],
  id: ['1'],
  secret: [ADMIN_PATH],
  token: ['1.all.not-a-real-token'],
};
const PAGE_PATHS = Object.values(WEB_ROUTES).flatMap((route) => {
  const param = /:(\w+)/.exec(route)?.[1];
  return param ? PAGE_PARAMS[param].map((value) => route.replace(`:${param}`, value)) : [route];
});
const MISSING_PATHS = ['/no-such-page', '/view/location', '/admin/not-the-secret', '/user/nobody-here/more'];

/** The same-origin scripts, stylesheets, preloads and icons a page's HTML names: the browser fetches each. */
function namedFiles(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => [...tag.matchAll(/\b(?:src|href)="(\/[^"/][^"]*)"/g)].map(([, url]) => url));
}

describe('every file a page names exists in the built web app (no 404 on any page view)', () => {
  let app: TestApp;
  let routePreloads: Record<string, { js: string[]; css: string[] }>;
  beforeAll(async () => {
    const webDist = builtWebDist();
    routePreloads = JSON.parse(fs.readFileSync(path.join(webDist, 'route-preloads.json'), 'utf8'));
    app = await startTestApp({ WEB_DIST_DIR: webDist, ADMIN_PATH });
    await registerAccount(app, PERSON);
  });
  afterAll(() => app?.close());

  it('answers 200 for every script, stylesheet and icon of every page, a missing page included', async () => {
    const namedBy = new Map<string, string>();
    for (const pagePath of [...PAGE_PATHS, ...MISSING_PATHS]) {
      const response = await fetch(app.baseUrl + pagePath);
      expect(response.headers.get('content-type'), pagePath).toMatch(/^text\/html/);
      for (const file of namedFiles(await response.text())) if (!namedBy.has(file)) namedBy.set(file, pagePath);
    }
    // The pages carry their screens' preloads: every file the build listed is named (by its page or the shell).
    for (const [page, { js, css }] of Object.entries(routePreloads)) for (const file of [...js, ...css]) expect(namedBy.has(file), `${page}: ${file}`).toBe(true);

    const failures: string[] = [];
    for (const [file, pagePath] of namedBy) {
      const response = await fetch(app.baseUrl + file);
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || type.startsWith('text/html')) failures.push(`${file} (named by ${pagePath}): ${response.status} ${type}`);
    }
    expect(failures).toEqual([]);
  });
});
