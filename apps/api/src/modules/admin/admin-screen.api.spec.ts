import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LOG_QUICK_PICKS } from '@siplog/contracts';
import { readTodaysLog, startTestApp, type TestApp } from '../../test/test-app';
import { registerAccount } from '../../test/accounts';

const ADMIN_PATH = 'ops-4c1d';

describe('the admin screen path (ADMIN_PATH only hides the screen)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_PATH, ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(() => app.close());

  const page = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });

  it('serves the app at /admin/{ADMIN_PATH} and a 404 at any other secret', async () => {
    expect((await page(`/admin/${ADMIN_PATH}`)).status).toBe(200);
    expect((await page(`/admin/${ADMIN_PATH}/`)).status).toBe(200);
    for (const path of ['/admin/ops-4c1', '/admin/ops-4c1dd', '/admin/OPS-4C1D', '/admin', '/admin/', `/admin/${ADMIN_PATH}/users`]) {
      expect((await page(path)).status, path).toBe(404);
    }
  });

  it('tells the web app whether a secret is the screen, to anyone, and nothing more', async () => {
    expect(await app.trpc('query', 'admin.screen', { secret: ADMIN_PATH })).toMatchObject({ status: 200, data: { found: true } });
    expect(await app.trpc('query', 'admin.screen', { secret: 'guess' })).toMatchObject({ status: 200, data: { found: false } });
    expect((await app.trpc('query', 'admin.screen', { secret: 'x'.repeat(201) })).status).toBe(400);
    expect((await app.trpc('query', 'admin.screen', { secret: ADMIN_PATH, extra: 1 })).status).toBe(400);
  });

  it("without ADMIN_PATH, picks a random secret no one can guess", async () => {
    const other = await startTestApp();
    try {
      expect(other.config.adminPath).toMatch(/^[0-9a-f]{24}$/);
      expect((await fetch(`${other.baseUrl}/admin/${other.config.adminPath}`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe("the words the log viewer's quick picks find", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const [searchEngine, registration, unsubscribe] = ADMIN_LOG_QUICK_PICKS;

  it('logs a visit from a search engine with the origin only, and not a visit from the site itself', async () => {
    await fetch(`${app.baseUrl}/view/12`, { headers: { Referer: 'https://www.google.com/search?q=ann+lee+coffee' } });
    await fetch(`${app.baseUrl}/contact`, { headers: { Referer: `${app.baseUrl}/` } });
    await fetch(`${app.baseUrl}/no-such-page`, { headers: { Referer: 'https://www.bing.com/' } });
    const log = await readTodaysLog(app.config, 'Referred visit: /view/12');
    const visits = log.split('\n').filter((line) => line.includes('Referred visit'));
    expect(visits).toHaveLength(1);
    expect(visits[0]).toContain(`Referred visit: /view/12 from https://www.${searchEngine}`);
    expect(visits[0]).not.toContain('ann+lee');
  });

  it('logs a registration and a deactivation in the words of the quick picks', async () => {
    const leaver = await registerAccount(app, 'leaver');
    expect(await readTodaysLog(app.config, `${registration}: leaver`)).toContain(`${registration}: leaver`);
    expect((await app.post('/api/user/deactivateaccount', { password: leaver.password }, leaver.auth)).status).toBe(200);
    const log = await readTodaysLog(app.config, 'Account deactivated');
    const line = log.split('\n').find((text) => text.includes('Account deactivated'));
    expect(line?.toLowerCase()).toContain(`${unsubscribe}): leaver`);
  });
});
