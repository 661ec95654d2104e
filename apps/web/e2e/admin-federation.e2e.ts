/**
 * Issue 30: the admin screen's 'Federation' panel against an API at an https PUBLIC_URL (federation possible, off by
 * default): the switch turns WebFinger on and off, a server is blocked by its domain however typed and lifted after a
 * Yes, a bad domain gets the reason beside the box with what was typed kept, known servers (written into the app's
 * database) are silenced or blocked from their rows, and a failed delivery (written into the queue) is retried and
 * dropped. Without an https PUBLIC_URL the switch is disabled and says why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { FEDERATION_MESSAGES, FEDERATION_POLICY_LABELS } from '@siplog/contracts';
import { federationQueue, remoteActors, remoteFollowers, users } from '@siplog/db/dist/schema/sqlite';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerPerson, withDatabase, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, startApp, type ColorScheme, type RunningApp } from './harness';

const ADMIN_PATH = 'ops-fed-30';
const HANDLE_DOMAIN = 'siplog-e2e.test';
const ADMIN: Person = { email: 'fia.admin@example.com', firstname: 'Fia', lastname: 'Moreau', username: 'fiamoreau', password: 'Secret123' };
const shotsDir = process.env.FEDERATION_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');
const MINUTE = 60_000;
/** The domain box's label, typeset with a real apostrophe. */
const DOMAIN_LABEL = 'Server’s domain';

const panelOf = (page: Page) => page.getByRole('region', { name: 'Federation' });
const federationSwitch = (page: Page) => panelOf(page).getByRole('switch', { name: 'Federation' });
const domainsList = (page: Page) => page.getByRole('list', { name: 'Blocked and silenced servers' });
const serversList = (page: Page) => page.getByRole('list', { name: 'Known servers' });
const deliveriesList = (page: Page) => page.getByRole('list', { name: 'Deliveries' });
const row = (list: Locator, name: string) => list.getByRole('listitem', { name, exact: true });

describe("the admin 'Federation' panel at an https PUBLIC_URL", () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Session;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: ADMIN.email, ADMIN_PATH, PUBLIC_URL: `https://${HANDLE_DOMAIN}` });
    browser = await launchBrowser();
    admin = await registerPerson(app.baseUrl, app.dataDir, ADMIN);
    fs.mkdirSync(shotsDir, { recursive: true });
  });
  afterEach(() => contexts.closeAll());
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The admin screen with the Federation panel open and loaded. */
  const openPanel = async (viewport = DESKTOP, colorScheme: ColorScheme = 'light') => {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport, { colorScheme });
    await signInContext(context, admin);
    await page.goto(`/admin/${ADMIN_PATH}`);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    const toggle = page.getByRole('button', { name: 'Federation', exact: true });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await federationSwitch(page).waitFor();
    return page;
  };
  const webfinger = async () =>
    (await fetch(`${app.baseUrl}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${admin.username}@${HANDLE_DOMAIN}`)}`)).status;
  const addDomain = async (page: Page, text: string, policy: 'Block' | 'Silence' = 'Block') => {
    await page.getByLabel(DOMAIN_LABEL).fill(text);
    await panelOf(page).getByRole('radio', { name: policy }).check();
    await panelOf(page).getByRole('button', { name: `${policy} server` }).click();
  };
  const status = (page: Page) => panelOf(page).getByRole('status');

  it('starts off with plain empty states; the switch turns federation on (WebFinger answers) and off again', async () => {
    const page = await openPanel();
    const panel = panelOf(page);
    const toggle = federationSwitch(page);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await toggle.isDisabled()).toBe(false);
    expect(await panel.innerText()).toContain(`People here are @username@${HANDLE_DOMAIN}`);
    for (const empty of ['No server is blocked or silenced.', 'No other server is known yet.', 'Nothing is waiting to be delivered.']) {
      expect(await panel.getByText(empty, { exact: true }).count()).toBe(1);
    }
    expect(await panel.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Blocked and silenced servers', 'Known servers', 'Delivery queue']);
    expect(await webfinger()).toBe(404);
    await expectAccessible(page, 'admin federation (off, empty)');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await status(page).innerText()).toBe('Federation is on.');
    expect(await panel.locator('#federation-switch-state').innerText()).toMatch(/^On: /);
    expect(await webfinger()).toBe(200);
    // What the page shows is what the server holds: a fresh page reads it on.
    await page.reload();
    await page.getByRole('button', { name: 'Federation', exact: true }).click();
    await expect.poll(() => federationSwitch(page).getAttribute('aria-checked')).toBe('true');
    await screenshotTaker(shotsDir, { settleMs: 0 })(page, 'admin-federation-on-desktop', true);

    await federationSwitch(page).click();
    await expect.poll(() => federationSwitch(page).getAttribute('aria-checked')).toBe('false');
    expect(await status(page).innerText()).toBe('Federation is off.');
    expect(await webfinger()).toBe(404);
  });

  it('blocks a server by its domain however typed; a bad domain gets the reason beside the box; a Lift needs a Yes', async () => {
    const page = await openPanel();
    const panel = panelOf(page);
    const box = page.getByLabel(DOMAIN_LABEL);

    await addDomain(page, 'Spam.Example');
    const spam = row(domainsList(page), 'spam.example');
    await spam.waitFor();
    expect(await spam.innerText()).toContain(FEDERATION_POLICY_LABELS.block);
    expect(await spam.innerText()).toContain('Blocked');
    expect(await status(page).innerText()).toBe('spam.example is blocked.');
    expect(await box.inputValue()).toBe('');
    expect(await panel.getByText('No server is blocked or silenced.').count()).toBe(0);

    // Plainly no domain: caught before sending, in the contract's words, what was typed kept and the box focused.
    await addDomain(page, 'not a domain');
    const error = panel.getByRole('alert');
    expect(await error.innerText()).toBe(FEDERATION_MESSAGES.hostInvalid);
    expect(await box.inputValue()).toBe('not a domain');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toBe('federation-domain-error');
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    // What the panel said of the last call no longer stands beside a refusal.
    expect(await panel.locator('[role="status"]').textContent()).toBe('');
    await expectAccessible(page, 'admin federation (domain refused)');
    await screenshotTaker(shotsDir, { settleMs: 0 })(page, 'admin-federation-domain-error-desktop', true);

    // The server's own words: this server cannot block itself.
    await addDomain(page, `https://${HANDLE_DOMAIN}/`);
    await expect.poll(() => panel.getByRole('alert').innerText()).toBe(FEDERATION_MESSAGES.hostIsOurs);
    expect(await box.inputValue()).toBe(`https://${HANDLE_DOMAIN}/`);

    // Silence by handle: the list is sorted by host; the box is cleared and its error gone.
    await addDomain(page, '@loud@Loud.Example', 'Silence');
    await row(domainsList(page), 'loud.example').waitFor();
    expect(await panel.getByRole('alert').count()).toBe(0);
    expect(await row(domainsList(page), 'loud.example').innerText()).toContain(FEDERATION_POLICY_LABELS.silence);
    expect(await domainsList(page).getByRole('heading', { level: 4 }).allInnerTexts()).toEqual(['loud.example', 'spam.example']);

    // No keeps the block; Yes lifts it.
    await spam.getByRole('button', { name: 'Lift the block on spam.example' }).click();
    const confirm = page.getByRole('dialog', { name: 'Lift the block on spam.example?' });
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await spam.count()).toBe(1);
    await spam.getByRole('button', { name: 'Lift the block on spam.example' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await spam.waitFor({ state: 'detached' });
    expect(await status(page).innerText()).toBe('spam.example is neither blocked nor silenced any more.');

    await row(domainsList(page), 'loud.example').getByRole('button', { name: 'Lift the silence on loud.example' }).click();
    await page.getByRole('dialog', { name: 'Lift the silence on loud.example?' }).getByRole('button', { name: 'Yes' }).click();
    await panel.getByText('No server is blocked or silenced.').waitFor();
  });

  it('lists the servers it knows, and silences or (after a Yes, ending their follows) blocks one from its row', async () => {
    const now = Date.now();
    const actors = await withDatabase(app.dataDir, (db) => {
      const adminId = db.select({ id: users.id }).from(users).where(eq(users.username, admin.username)).get()!.id;
      const actor = (handle: string, minutesAgo: number) => {
        const [name, host] = handle.split('@');
        return db
          .insert(remoteActors)
          .values({ uri: `https://${host}/users/${name}`, handle, host, inbox: `https://${host}/users/${name}/inbox`, name, updatedAt: now - minutesAgo * MINUTE })
          .returning({ id: remoteActors.id })
          .get().id;
      };
      const ids = { kim: actor('kim@toot.example', 5), lee: actor('lee@toot.example', 90), bot: actor('bot@chatty.example', 3 * 24 * 60) };
      db.insert(remoteFollowers).values({ userId: adminId, actorId: ids.kim, followUri: 'https://toot.example/follows/1', accepted: true, createdAt: now }).run();
      return ids;
    });

    const page = await openPanel();
    const toot = row(serversList(page), 'toot.example');
    await toot.waitFor();
    expect(await serversList(page).getByRole('heading', { level: 4 }).allInnerTexts()).toEqual(['toot.example', 'chatty.example']);
    expect(await toot.innerText()).toMatch(/People\s+2\s+Followers here\s+1\s+Last seen\s+5 min ago/i);
    expect(await row(serversList(page), 'chatty.example').innerText()).toMatch(/Last seen\s+3 days ago/i);

    // Silence runs at once; the row shows its badge and offers only Block.
    const chatty = row(serversList(page), 'chatty.example');
    await chatty.getByRole('button', { name: 'Silence chatty.example' }).click();
    await chatty.getByText('Silenced', { exact: true }).waitFor();
    expect(await chatty.getByRole('button', { name: 'Silence chatty.example' }).count()).toBe(0);
    expect(await row(domainsList(page), 'chatty.example').count()).toBe(1);

    // Block asks first and says the follow ends.
    await toot.getByRole('button', { name: 'Block toot.example' }).click();
    const confirm = page.getByRole('dialog', { name: 'Block toot.example?' });
    expect(await confirm.innerText()).toContain('1 follow of people here ends.');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await toot.getByText('Blocked', { exact: true }).waitFor();
    expect(await toot.innerText()).toMatch(/Followers here\s+0/i);
    expect(await status(page).innerText()).toBe('toot.example is blocked.');
    const followsLeft = await withDatabase(app.dataDir, (db) => db.select().from(remoteFollowers).where(eq(remoteFollowers.actorId, actors.kim)).all());
    expect(followsLeft).toEqual([]);
    await expectAccessible(page, 'admin federation (known servers)');
  });

  /** Two deliveries as the queue keeps them: one whose retries ran out, one waiting for its next attempt. */
  const seedDeliveries = (now: number) =>
    withDatabase(app.dataDir, (db) => {
      const message = (inbox: string, activityType: string) => JSON.stringify({ type: 'outbox', inbox, activityType });
      const failed = db
        .insert(federationQueue)
        .values({
          kind: 'outbox',
          message: message('https://dead.example/inbox', 'Create'),
          targetHost: 'dead.example',
          runAt: now - 10 * MINUTE,
          attempts: 12,
          failedAt: now - 5 * MINUTE,
          lastError: 'connect ECONNREFUSED dead.example:443',
          createdAt: now - 26 * 60 * MINUTE,
        })
        .returning({ id: federationQueue.id })
        .get().id;
      db.insert(federationQueue)
        .values({
          kind: 'outbox',
          message: message('https://slow.example/inbox', 'Update'),
          targetHost: 'slow.example',
          runAt: now + 30 * MINUTE,
          attempts: 3,
          lastError: 'HTTP 503 Service Unavailable',
          createdAt: now - 20 * MINUTE,
        })
        .run();
      return failed;
    });

  it('fits a phone and a desktop: the whole panel at 375 px and 1280 px (screenshots, light and dark)', async () => {
    await seedDeliveries(Date.now());
    const shoot = screenshotTaker(shotsDir, { settleMs: 0 });
    const phone = await openPanel(PHONE);
    await row(deliveriesList(phone), 'Create to dead.example').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(phone, 'admin federation (phone)');
    await shoot(phone, 'admin-federation-phone', true);
    for (const colorScheme of ['light', 'dark'] as const) {
      const desktop = await openPanel(DESKTOP, colorScheme);
      await row(deliveriesList(desktop), 'Create to dead.example').waitFor();
      if (colorScheme === 'dark') await expectAccessible(desktop, 'admin federation (dark)');
      await shoot(desktop, `admin-federation-desktop-${colorScheme}`, true);
    }
  });

  it('lists failed deliveries first with their error; Retry puts one back in line, Drop (after a Yes) forgets it', async () => {
    const page = await openPanel();
    const list = deliveriesList(page);
    const dead = row(list, 'Create to dead.example');
    await dead.waitFor();
    const counts = panelOf(page).locator('.federation__counts');
    expect(await counts.innerText()).toMatch(/Ready\s+0\s+Delayed\s+1\s+Failed\s+1/i);
    expect(await list.getByRole('heading', { level: 4 }).allInnerTexts()).toEqual(['Create to dead.example', 'Update to slow.example']);
    expect(await dead.innerText()).toMatch(/Attempts\s+12\s+Failed\s+5 min ago/i);
    expect(await dead.innerText()).toContain('Last error: connect ECONNREFUSED dead.example:443');
    const slow = row(list, 'Update to slow.example');
    expect(await slow.innerText()).toMatch(/Next attempt\s+in (29|30) min/i);
    expect(await slow.getByRole('button', { name: 'Retry Update to slow.example' }).count()).toBe(0);

    await dead.getByRole('button', { name: 'Retry Create to dead.example' }).click();
    await dead.getByText('Waiting', { exact: true }).waitFor();
    expect(await counts.innerText()).toMatch(/Ready\s+1\s+Delayed\s+1\s+Failed\s+0/i);
    expect(await dead.innerText()).toMatch(/Attempts\s+0\s+Next attempt\s+now/i);
    expect(await status(page).innerText()).toBe('The delivery is back in line.');

    // No keeps it; Yes drops it.
    await dead.getByRole('button', { name: 'Drop Create to dead.example' }).click();
    const confirm = page.getByRole('dialog', { name: 'Drop Create to dead.example?' });
    expect(await confirm.innerText()).toContain('never delivered to dead.example');
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dead.count()).toBe(1);
    for (const name of ['Create to dead.example', 'Update to slow.example']) {
      await row(list, name).getByRole('button', { name: `Drop ${name}` }).click();
      await page.getByRole('dialog', { name: `Drop ${name}?` }).getByRole('button', { name: 'Yes' }).click();
      await row(list, name).waitFor({ state: 'detached' });
    }
    await panelOf(page).getByText('Nothing is waiting to be delivered.').waitFor();
    expect(await counts.innerText()).toMatch(/Ready\s+0\s+Delayed\s+0\s+Failed\s+0/i);
    expect(await withDatabase(app.dataDir, (db) => db.select().from(federationQueue).all())).toEqual([]);
  });

  it('shows why a delivery gone meanwhile cannot be retried, and the list as it now is', async () => {
    const failed = await seedDeliveries(Date.now());
    const page = await openPanel();
    const dead = row(deliveriesList(page), 'Create to dead.example');
    await dead.waitFor();
    // Another admin (or a node) dropped it after the panel read the queue.
    await withDatabase(app.dataDir, (db) => db.delete(federationQueue).where(eq(federationQueue.id, failed)).run());
    await dead.getByRole('button', { name: 'Retry Create to dead.example' }).click();
    const dialog = page.getByRole('dialog', { name: 'Warning' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(FEDERATION_MESSAGES.noSuchDelivery);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dead.waitFor({ state: 'detached' });
    expect(await row(deliveriesList(page), 'Update to slow.example').count()).toBe(1);
  });
});

describe("the admin 'Federation' panel without an https PUBLIC_URL", () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: ADMIN.email, ADMIN_PATH });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it('says why federation cannot be switched on, and the switch is disabled', async () => {
    const admin = await registerPerson(app.baseUrl, app.dataDir, ADMIN);
    const { context, page } = await contexts.open(browser, app.baseUrl, PHONE);
    await signInContext(context, admin);
    await page.goto(`/admin/${ADMIN_PATH}`);
    await page.getByRole('button', { name: 'Federation', exact: true }).click();
    const toggle = federationSwitch(page);
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await panelOf(page).locator('#federation-switch-state').innerText()).toBe(FEDERATION_MESSAGES.unavailable);
    expect(await panelOf(page).innerText()).not.toContain('People here are');
    await expectAccessible(page, 'admin federation (unavailable)');
    await screenshotTaker(shotsDir, { settleMs: 0 })(page, 'admin-federation-unavailable-phone', true);
  });
});
