/**
 * Issue 30: 'Approve followers'. The box in My Log's edit mode, and follow requests from other servers on
 * /notifications: '<handle> wants to follow you' linking to their page there, with Accept and Reject; after either the
 * line says what happened. The API runs at an https PUBLIC_URL with federation switched off, so the answer is queued
 * (as it is while the admin has federation off) and nothing leaves the machine. The requests are written into the
 * database as the inbox keeps them (the federation API tests prove that path across the wire).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEDERATION_MESSAGES } from '@siplog/contracts';
import { postJson, registerPerson, withDatabase, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, startApp, type RunningApp } from './harness';

const MAYA: Person = { email: 'maya.lock@example.com', firstname: 'Maya', lastname: 'Lock', username: 'mayalock', password: 'Secret123' };
const shotsDir = process.env.FEDERATION_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');

const notificationList = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const line = (page: Page, text: string): Locator => notificationList(page).getByRole('listitem').filter({ hasText: text });

describe('follow requests from other servers', () => {
  let app: RunningApp;
  let browser: Browser;
  let maya: Session;
  const contexts = new OpenedContexts();
  const shoot = screenshotTaker(shotsDir);

  async function pageAs(session: Session, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  }

  /** Someone elsewhere asks to follow maya, as the inbox keeps it: their person, the waiting follow, her notification. */
  const requestFrom = (username: string, host: string) =>
    withDatabase(app.dataDir, (db) => {
      const now = Date.now();
      const { id: actorId } = db.$client
        .prepare(`insert into remote_actors (uri, handle, host, inbox, name, profile_url, updated_at) values (?, ?, ?, ?, ?, ?, ?) returning id`)
        .get(`https://${host}/users/${username}`, `${username}@${host}`, host, `https://${host}/users/${username}/inbox`, username, `https://${host}/@${username}`, now) as { id: number };
      const { id: mayaId } = db.$client.prepare('select id from users where username = ?').get(MAYA.username) as { id: number };
      db.$client.prepare(`insert into remote_followers (user_id, actor_id, follow_uri, accepted, created_at) values (?, ?, ?, 0, ?)`).run(mayaId, actorId, `https://${host}/follows/1`, now);
      db.$client.prepare(`insert into notifications (user_id, remote_actor_id, kind, email_pending) values (?, ?, 'follow_request', 0)`).run(mayaId, actorId);
      return actorId;
    });
  const followerState = (actorId: number) =>
    withDatabase(app.dataDir, (db) => db.$client.prepare('select accepted from remote_followers where actor_id = ?').get(actorId) as { accepted: number } | undefined);
  const queuedAnswers = () =>
    withDatabase(app.dataDir, (db) => (db.$client.prepare(`select message from federation_queue`).all() as Array<{ message: string }>).map((row) => row.message));

  beforeAll(async () => {
    app = await startApp({ PUBLIC_URL: 'https://siplog-requests.test' });
    browser = await launchBrowser();
    maya = await registerPerson(app.baseUrl, app.dataDir, MAYA);
    fs.mkdirSync(shotsDir, { recursive: true });
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it("turns 'Approve followers' on in My Log's edit mode, saved as it is toggled", async () => {
    const page = await pageAs(maya);
    await page.goto('/mylog');
    await page.getByRole('button', { name: 'edit' }).click();
    const section = page.getByRole('group', { name: 'Followers from other servers' });
    const box = section.getByRole('checkbox', { name: 'Approve followers' });
    expect(await box.isChecked()).toBe(false);
    expect(await section.innerText()).toContain('Turned off, requests already waiting stay waiting.');
    await box.check();
    await section.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await postJson(app.baseUrl, '/api/user/loadprofile', {}, maya.token)).json.user.approve_followers).toBe(true);
    await shoot(page, 'approve-followers-setting-1280');

    await page.reload();
    await page.getByRole('button', { name: 'edit' }).click();
    expect(await page.getByRole('checkbox', { name: 'Approve followers' }).isChecked()).toBe(true);
    await expectAccessible(page);
  });

  it("shows '<handle> wants to follow you' with Accept and Reject; Accept answers it and the line says so", async () => {
    const eve = await requestFrom('eve', 'peer.example');
    const page = await pageAs(maya);
    await page.goto('/notifications');
    const request = line(page, 'eve@peer.example wants to follow you');
    await request.waitFor();
    const person = request.getByRole('link', { name: 'eve@peer.example' });
    expect(await person.getAttribute('href')).toBe('https://peer.example/@eve');
    expect(await person.getAttribute('target')).toBe('_blank');
    // No picture is fetched from their server: the request's sign stands in.
    expect(await request.locator('img').count()).toBe(0);
    await expectAccessible(page);
    await shoot(page, 'follow-request-1280');

    await request.getByRole('button', { name: 'Accept eve@peer.example' }).click();
    await request.getByRole('status').filter({ hasText: FEDERATION_MESSAGES.followerAccepted('eve@peer.example') }).waitFor();
    expect(await request.getByRole('button').count()).toBe(0);
    await shoot(page, 'follow-request-accepted-1280');
    expect((await followerState(eve))?.accepted).toBe(1);
    // The Accept waits in the queue (federation is switched off here), addressed to eve's server.
    expect((await queuedAnswers()).some((message) => message.includes('Accept') && message.includes('https://peer.example/users/eve/inbox'))).toBe(true);

    // Answered, it is gone from the list on the next visit.
    await page.reload();
    await notificationList(page).or(page.getByText('Nothing yet.')).first().waitFor();
    expect(await line(page, 'eve@peer.example wants to follow you').count()).toBe(0);
  });

  it('fits at 375 px, and Reject declines a request: the line says so and nothing of it is kept', async () => {
    const zed = await requestFrom('zed', 'far.example');
    const page = await pageAs(maya, PHONE);
    await page.goto('/notifications');
    const request = line(page, 'zed@far.example wants to follow you');
    await request.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    const box = (await request.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'follow-request-375');

    await request.getByRole('button', { name: 'Reject zed@far.example' }).click();
    await request.getByRole('status').filter({ hasText: FEDERATION_MESSAGES.followerRejected('zed@far.example') }).waitFor();
    await shoot(page, 'follow-request-rejected-375');
    expect(await followerState(zed)).toBeUndefined();
    expect((await queuedAnswers()).some((message) => message.includes('Reject') && message.includes('https://far.example/users/zed/inbox'))).toBe(true);
    await expectAccessible(page);
  });
});
