/**
 * Issue 30's safety with people elsewhere, in the browser, across a private https network (a throw-away CA and TLS
 * fronts from the API's federation tests; nothing leaves the machine): a Mastodon-shaped peer replies to a review;
 * its author reports the reply and asks for the report to go to the peer too (the peer receives a Flag from this
 * server, without her name), then blocks the replier from the reply's menu: the reply is gone for her, and her
 * Blocked people list shows the replier marked with their server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FediversePeer } from '../../api/src/test/fediverse-peer';
import { startFederatedApp, type FederatedApp } from './federated-app';
import { DARK_MATTER, registerPerson, seedPlace, seedPosts, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, type RunningApp } from './harness';

const SIPLOG = 'siplog-e2e.test';
const PEER = 'peer-e2e.test';
const ANN = `ann@${PEER}`;
const MAYA: Person = { email: 'maya.safe@example.com', firstname: 'Maya', lastname: 'Safe', username: 'mayasafe', password: 'Secret123' };
const shotsDir = process.env.FEDERATION_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');

describe('reporting and blocking someone on another server', () => {
  let federated: FederatedApp;
  let peer: FediversePeer;
  let app: RunningApp;
  let browser: Browser;
  let maya: Session;
  let postId: number;
  const contexts = new OpenedContexts();
  const shoot = screenshotTaker(shotsDir);

  async function pageAs(session: Session, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  }

  /** The full post once ann's reply has arrived there. */
  async function openPostWithReply(page: Page): Promise<void> {
    await expect
      .poll(async () => {
        await page.goto(`/post/${postId}`);
        await page.getByRole('region', { name: 'Comments' }).getByText(/No comments yet|Which beans\?/).waitFor({ timeout: 10_000 });
        return page.getByRole('link', { name: `@${ANN}` }).count();
      }, { timeout: 20_000 })
      .toBe(1);
  }

  /** Opens the reply's '…' menu and answers the menu. */
  async function replyMenu(page: Page): Promise<Locator> {
    const name = `More actions for the reply by @${ANN}`;
    const button = page.getByRole('button', { name });
    await button.click();
    const menu = page.getByRole('menu', { name });
    await menu.waitFor();
    return menu;
  }

  /** Opens Report from the reply's menu, with a reason chosen; answers the dialog. */
  async function openReport(page: Page): Promise<Locator> {
    await (await replyMenu(page)).getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this reply' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    return dialog;
  }

  beforeAll(async () => {
    federated = await startFederatedApp(SIPLOG, PEER);
    ({ peer, app } = federated);
    browser = await launchBrowser();
    maya = await registerPerson(app.baseUrl, app.dataDir, MAYA);
    await seedPlace(app.dataDir, DARK_MATTER);
    [postId] = await seedPosts(app.dataDir, MAYA.username, [{ order: 'Cortado', review: 'Short and sweet.', rating: 5, place: { name: DARK_MATTER.name, city: DARK_MATTER.city }, minutesAgo: 5 }]);
    await peer.reply(`https://${SIPLOG}/ap/reviews/${postId}`, '<p>Which beans? Buy my followers!</p>');
    fs.mkdirSync(shotsDir, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await federated?.stop();
  });

  it('reports the reply and sends it on to the peer as a Flag without her name, when she asks', async () => {
    const page = await pageAs(maya);
    await openPostWithReply(page);
    const dialog = await openReport(page);
    const forward = dialog.getByRole('checkbox', { name: `Also send this report to ${PEER} (without your name)` });
    expect(await forward.isChecked()).toBe(false);
    await forward.check();
    await dialog.getByRole('textbox', { name: /Anything an admin should know/ }).fill('Selling followers');
    await expectAccessible(page, 'Report this reply');
    await shoot(page, 'federation-report-forward-1280');

    // The same dialog on a phone, for its look; closed without sending.
    const phone = await pageAs(maya, PHONE);
    await openPostWithReply(phone);
    const phoneDialog = await openReport(phone);
    await phoneDialog.getByRole('checkbox', { name: `Also send this report to ${PEER} (without your name)` }).check();
    await shoot(phone, 'federation-report-forward-375');
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();
    await phoneDialog.waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thanks, an admin will look at it.').waitFor();
    const flag = await peer.waitFor((item) => item.type === 'Flag', 'the Flag', 15_000);
    expect(flag.json.actor).toBe(`https://${SIPLOG}/ap/users/instance`);
    expect([flag.json.object].flat()[0]).toBe(peer.actorUri.href);
    expect(flag.json.content).toBe('Selling followers');
    expect(JSON.stringify(flag.json)).not.toContain(MAYA.username);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("blocks ann from the reply's menu: the reply is gone for Maya, and Blocked people lists ann marked with her server", async () => {
    const page = await pageAs(maya);
    await openPostWithReply(page);
    await (await replyMenu(page)).getByRole('menuitem', { name: `Block @${ANN}` }).click();
    await page.getByRole('dialog', { name: `Block @${ANN}?` }).getByRole('button', { name: 'Yes' }).click();
    const done = page.getByRole('dialog', { name: 'Message' });
    await done.getByText(`You blocked @${ANN}.`).waitFor();
    await done.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('link', { name: `@${ANN}` }).count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByText('Which beans?').count()).toBe(0);
    // Still gone after a fresh load: the server leaves it out for her.
    await page.reload();
    await page.getByText('No comments yet.').waitFor();

    await page.goto('/mylog');
    await page.getByRole('button', { name: 'edit' }).click();
    await page.getByText('Blocked people', { exact: true }).click();
    const list = page.getByRole('list', { name: 'Blocked people' });
    const row = list.getByRole('listitem').filter({ hasText: `@${ANN}` });
    await row.waitFor();
    expect(await row.innerText()).toContain(`on ${PEER}`);
    await expectAccessible(page, 'Blocked people');
    await shoot(page, 'federation-blocked-people-1280');
    await row.getByRole('button', { name: `Unblock @${ANN}` }).click();
    await page.getByRole('status').getByText(`Unblocked @${ANN}.`).waitFor();
    await page.getByText('You haven’t blocked anyone.').waitFor();
  });

  it("reports and blocks ann from her card found by handle: while blocked, Follow is unavailable; Unblock gives it back", async () => {
    const page = await pageAs(maya);
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.fill(`@${ANN}`);
    await page.getByRole('option', { name: new RegExp(`@${ANN}`) }).waitFor();
    await search.press('Enter');
    const card = page.getByRole('dialog', { name: 'Someone on another server' });
    await card.getByText('Ann Peer').waitFor({ timeout: 15_000 });

    await card.getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: `Report @${ANN}` });
    const forward = report.getByRole('checkbox', { name: `Also send this report to ${PEER} (without your name)` });
    expect(await forward.isChecked()).toBe(false);
    await report.getByRole('radio', { name: 'Harassment or hate' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.getByText('Thanks, an admin will look at it.').waitFor();
    await report.getByRole('button', { name: 'Close', exact: true }).last().click();
    await report.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: `Block @${ANN}?` }).getByRole('button', { name: 'Yes' }).click();
    const done = page.getByRole('dialog', { name: 'Message' });
    await done.getByText(`You blocked @${ANN}.`).waitFor();
    await done.getByRole('button', { name: 'Close' }).click();
    await card.getByText('You blocked this person. Unblock them to follow.').waitFor();
    expect(await card.getByRole('button', { name: 'Follow' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'Someone on another server, blocked');
    await shoot(page, 'federation-remote-person-blocked-1280');

    await card.getByRole('button', { name: `Unblock @${ANN}` }).click();
    await card.getByRole('button', { name: 'Block' }).waitFor();
    await expect.poll(() => card.getByRole('button', { name: 'Follow' }).isDisabled()).toBe(false);
    // The server agrees: a fresh look-up no longer says blocked.
    await card.getByRole('button', { name: 'Close' }).click();
    await search.press('Enter');
    await card.getByText('Ann Peer').waitFor({ timeout: 15_000 });
    expect(await card.getByText('You blocked this person.').count()).toBe(0);
  });
});
