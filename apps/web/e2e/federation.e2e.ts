/**
 * Issue 30 in the browser, across a private https network (a throw-away CA and TLS fronts from the API's federation
 * tests; nothing leaves the machine): a person types a fediverse handle in the map's search box, finds someone on a
 * Mastodon-shaped peer and follows them; once the peer accepts, the peer's review shows in their Following feed
 * marked with its server; and the peer's reply to their review shows on its full post with the handle.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FediversePeer } from '../../api/src/test/fediverse-peer';
import { startFederatedApp, type FederatedApp } from './federated-app';
import { solidPng } from '../../api/src/test/solid-png';
import { DARK_MATTER, postJson, registerPerson, seedPlace, seedPosts, withDatabase, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, type RunningApp } from './harness';

const SIPLOG = 'siplog-e2e.test';
const PEER = 'peer-e2e.test';
const MAYA: Person = { email: 'maya.fed@example.com', firstname: 'Maya', lastname: 'Fed', username: 'mayafed', password: 'Secret123' };
const shotsDir = process.env.FEDERATION_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');

describe('following someone on another server, and their reply', () => {
  let federated: FederatedApp;
  let peer: FediversePeer;
  let app: RunningApp;
  let browser: Browser;
  let maya: Session;
  let mayaActor: string;
  const contexts = new OpenedContexts();
  const shoot = screenshotTaker(shotsDir);

  async function pageAs(session: Session, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  }

  beforeAll(async () => {
    federated = await startFederatedApp(SIPLOG, PEER);
    ({ peer, app } = federated);
    browser = await launchBrowser();
    maya = await registerPerson(app.baseUrl, app.dataDir, MAYA);
    const { id } = await withDatabase(app.dataDir, (db) => db.$client.prepare('select id from users where username = ?').get(MAYA.username) as { id: number });
    mayaActor = `https://${SIPLOG}/ap/users/${id}`;
    await seedPlace(app.dataDir, DARK_MATTER);
    fs.mkdirSync(shotsDir, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await federated?.stop();
  });

  it('finds @ann@peer by handle in the search box, follows her, and shows her review under Following once accepted', async () => {
    const page = await pageAs(maya);
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.fill(`@ann@${PEER}`);
    await page.getByRole('option', { name: new RegExp(`@ann@${PEER}`) }).waitFor();
    await search.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Someone on another server' });
    await dialog.getByText('Ann Peer').waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole('link', { name: `Their page on ${PEER}` }).getAttribute('href')).toBe(`https://${PEER}/@ann`);
    await expectAccessible(page);
    await shoot(page, 'federation-remote-person-1280');
    await dialog.getByRole('button', { name: 'Follow' }).click();
    await dialog.getByRole('button', { name: 'Requested' }).waitFor();

    const follow = await peer.waitFor((item) => item.type === 'Follow' && item.json.actor === mayaActor, "maya's Follow");
    await peer.answerFollow(follow, true);
    // Her review comes with two photos, fetched once by the API into its store and shown from there.
    peer.serveMedia('latte.png', await solidPng({ width: 800, height: 600, bitDepth: 8, channels: 3, interlaced: false }));
    peer.serveMedia('counter.png', await solidPng({ width: 640, height: 480, bitDepth: 8, channels: 3, interlaced: false }));
    const note = await peer.post(mayaActor, {
      html: '<p>★★★★☆ 4/5 <strong>Iced oat latte</strong> at Dark Matter Coffee</p><p>Strong and smooth.</p>',
      place: { name: DARK_MATTER.name, lat: DARK_MATTER.lat, lng: DARK_MATTER.lng, url: `https://${PEER}/places/1` },
      images: [
        { url: '/media/latte.png', alt: 'An iced oat latte on the bar', mediaType: 'image/png' },
        { url: '/media/counter.png', alt: 'The counter', mediaType: 'image/png', document: true },
      ],
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    const card = page.getByRole('link', { name: `Review by @ann@${PEER} on ${PEER} (opens their server)` });
    const photo = card.getByRole('img', { name: 'An iced oat latte on the bar' });
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByRole('tab', { name: 'Following', exact: true }).click();
        await card.waitFor({ timeout: 15_000 });
        return photo.count();
      }, { timeout: 20_000 })
      .toBe(1);
    expect(await photo.getAttribute('src')).toMatch(/^\/api\/showimage\/image\/postimages\/[a-f0-9]{32}\.webp\?size=card$/);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 10_000 }).toBe(800);
    expect(await card.innerText()).toMatch(/2\s*photos/);
    expect([peer.mediaRequests('latte.png'), peer.mediaRequests('counter.png')]).toEqual([1, 1]);
    expect(await card.getAttribute('target')).toBe('_blank');
    expect(await card.innerText()).toContain('Iced oat latte');
    expect(await card.innerText()).toContain(PEER);
    // The heart sends a Like to her server.
    const heart = page.getByRole('button', { name: `Like the review by @ann@${PEER}` });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    const liked = await peer.waitFor((item) => item.type === 'Like' && item.json.actor === mayaActor, "maya's Like");
    expect(liked.json.object).toBe(note.id!.href);
    // Reply sends a public post in reply to hers, to her server; it is listed with Delete, which takes it back.
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    const replyDialog = page.getByRole('dialog', { name: `Reply to @ann@${PEER}` });
    await replyDialog.getByRole('textbox', { name: 'Your reply' }).fill('Which beans were they?');
    await replyDialog.getByRole('button', { name: 'Send reply' }).click();
    await replyDialog.getByRole('list', { name: 'Your replies' }).getByText('Which beans were they?').waitFor();
    const sent = await peer.waitFor((item) => item.type === 'Create' && item.json.actor === mayaActor, "maya's reply");
    expect(sent.json.object).toMatchObject({ type: 'Note', inReplyTo: note.id!.href });
    expect(sent.json.object.content).toContain('Which beans were they?');
    await expectAccessible(page);
    await shoot(page, 'federation-remote-reply-dialog-1280');
    await replyDialog.getByRole('button', { name: 'Delete' }).click();
    await peer.waitFor((item) => item.type === 'Delete' && item.json.actor === mayaActor, 'the Delete of the reply');
    await expect.poll(() => replyDialog.getByRole('list', { name: 'Your replies' }).count()).toBe(0);
    await replyDialog.getByRole('button', { name: 'Close' }).click();
    // Following someone elsewhere counts as following: the feed's empty-state lead is gone.
    expect(await page.getByText('Follow people and places to fill this feed').count()).toBe(0);
    await shoot(page, 'federation-following-card-1280');
    // Her following list shows ann below the people here, marked with her server.
    await page.goto('/mylog');
    await page.getByRole('button', { name: /following$/ }).click();
    const elsewhere = page.getByRole('list', { name: 'following on other servers' });
    await elsewhere.getByRole('link', { name: `@ann@${PEER}` }).waitFor();
    expect(await elsewhere.innerText()).toContain(PEER);
    await shoot(page, 'federation-following-list-1280');
    const phone = await pageAs(maya, PHONE);
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Activity', exact: true }).click();
    await phone.getByRole('tab', { name: 'Following', exact: true }).click();
    const phoneCard = phone.getByRole('link', { name: `Review by @ann@${PEER} on ${PEER} (opens their server)` });
    await phoneCard.getByRole('img', { name: 'An iced oat latte on the bar' }).waitFor({ timeout: 15_000 });
    await shoot(phone, 'federation-following-card-375');
  });

  it("shows the peer's reply on the review's full post with the handle, and its author may remove it", async () => {
    const [postId] = await seedPosts(app.dataDir, MAYA.username, [{ order: 'Cortado', review: 'Short and sweet.', rating: 5, place: { name: DARK_MATTER.name, city: DARK_MATTER.city }, minutesAgo: 5 }]);
    await peer.reply(`https://${SIPLOG}/ap/reviews/${postId}`, `<p><span class="h-card"><a href="https://${SIPLOG}/user/${MAYA.username}" class="u-url mention">@<span>${MAYA.username}</span></a></span> Which beans?</p>`);
    // The inbox takes it in off the request path: asked of the API until it is kept, then the page opens once.
    await expect
      .poll(async () => ((await postJson(app.baseUrl, '/api/post/loadcomments', { postid: postId })).json.comments ?? []).length, { timeout: 30_000 })
      .toBe(1);
    const page = await pageAs(maya);
    await page.goto(`/post/${postId}`);
    await page.getByRole('link', { name: `@ann@${PEER}` }).waitFor();
    const author = page.getByRole('link', { name: `@ann@${PEER}` });
    expect(await author.getAttribute('href')).toBe(`https://${PEER}/@ann`);
    await page.getByText('Which beans?').waitFor();
    await expectAccessible(page);
    await shoot(page, 'federation-remote-reply-1280');
    await page.getByRole('button', { name: `Delete the comment by ann@${PEER}` }).click();
    await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByRole('link', { name: `@ann@${PEER}` }).count(), { timeout: 10_000 }).toBe(0);
  });
});
