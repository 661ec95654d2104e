import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import type { FediversePeer } from '../../test/fediverse-peer';
import { startSiplogAndPeer } from '../../test/federation-world';
import type { TestApp } from '../../test/test-app';
import { FEDERATION_BODY_MAX_BYTES } from '../../http/federation.http';
import { loadFixture, FIXTURE_LOCAL_USERNAME, type FixtureName } from './fixtures/fixtures';
import { FederationQueueRepository } from './queue/federation-queue.repository';
import { RemoteActorsRepository } from './remote-actors.repository';

/*
 * Issue 30: what other servers really send (fixtures from Mastodon, Pixelfed and BookWyrm, see fixtures/SOURCES.md),
 * signed as Mastodon signs, into Siplog's shared inbox; and what must be refused with nothing stored.
 */
const SIPLOG = 'siplog-i.test';
const PEER = 'peer.test';
const INBOX = `https://${SIPLOG}/ap/inbox`;
const AP = { Accept: 'application/activity+json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('activities as other servers send them', () => {
  let app: TestApp;
  let peer: FediversePeer;
  let close: () => Promise<void>;
  let bea: TestAccount;
  let actors: RemoteActorsRepository;
  let queue: FederationQueueRepository;

  beforeAll(async () => {
    ({ app, peer, close } = await startSiplogAndPeer(SIPLOG, PEER, { ADMIN_EMAILS: 'boss@example.com' }));
    // The fixtures name local person 1, beatrix: the first account of a fresh database.
    bea = await registerAccount(app, FIXTURE_LOCAL_USERNAME);
    actors = app.get(RemoteActorsRepository);
    queue = app.get(FederationQueueRepository);
  });
  afterAll(() => close?.());

  const fixture = (name: FixtureName) => {
    const json = loadFixture(name, { remote: `https://${PEER}`, local: `https://${SIPLOG}` });
    // Signatures inside the JSON were made for other hosts; the HTTP signature is what proves the sender.
    delete json.signature;
    return json;
  };
  const followers = async () => ((await (await fetch(`https://${SIPLOG}/ap/users/1/followers`, { headers: AP })).json()) as { totalItems: number }).totalItems;
  /** Until the inbox queue has handled everything it took (bounded). */
  const settled = async () => {
    for (let i = 0; i < 200; i++) {
      const depth = await queue.depth(Date.now() + 3_600_000);
      if (depth.ready + depth.delayed === 0) return;
      await sleep(25);
    }
    throw new Error('the inbox queue did not settle');
  };
  const accepts = () => peer.received.filter((item) => item.type === 'Accept').length;

  it("accepts Mastodon's Follow of a Siplog person, keeps the follower, and sends the Accept back", async () => {
    expect(bea.username).toBe('beatrix');
    const follow = fixture('mastodon-follow');
    const response = await peer.postSigned(INBOX, follow);
    expect(response.status).toBe(202);
    const accept = await peer.waitFor((item) => item.type === 'Accept', 'the Accept');
    expect(accept.json.object.id ?? accept.json.object).toBe(follow.id);
    expect(await followers()).toBe(1);
    expect(await actors.byUri(`https://${PEER}/users/ann`)).toMatchObject({ handle: `ann@${PEER}`, inbox: `https://${PEER}/users/ann/inbox`, sharedInbox: `https://${PEER}/inbox` });
  });

  it('changes nothing when the same activity comes again', async () => {
    const before = accepts();
    expect((await peer.postSigned(INBOX, fixture('mastodon-follow'))).status).toBe(202);
    await settled();
    await sleep(200);
    expect(accepts()).toBe(before);
    expect(await followers()).toBe(1);
  });

  it("keeps a known person's profile as their Update says", async () => {
    expect((await peer.postSigned(INBOX, fixture('mastodon-update-person'))).status).toBe(202);
    await settled();
    expect((await actors.byUri(`https://${PEER}/users/ann`))?.name).toBe('Eugen Rochko');
  });

  it("counts Mastodon's Like of a review, tells its author, and takes it back on Mastodon's Undo", async () => {
    await insertEstablishment(app.data, { placeId: 'siplog:interop-cafe', name: 'Interop Cafe', lat: 41.88, lng: -87.63 });
    const posted = await postReview(app, bea, { place_id: 'siplog:interop-cafe', order: 'Cortado' });
    // The fixtures like review 1: the first of a fresh database.
    expect(posted.body.post_id).toBe(1);
    const likes = async () => (await app.post('/api/post/loadpost', { postid: 1 })).body.post.likes as number;
    expect((await peer.postSigned(INBOX, fixture('mastodon-like'))).status).toBe(202);
    await settled();
    expect(await likes()).toBe(1);
    const listed = (await app.post('/api/notification/list', { limit: 5 }, bea.auth)).body.notifications;
    expect(listed[0]).toMatchObject({ kind: 'like', actor_username: `ann@${PEER}`, post_id: 1 });
    expect((await peer.postSigned(INBOX, fixture('mastodon-undo-like'))).status).toBe(202);
    await settled();
    expect(await likes()).toBe(0);
  });

  it("shows Mastodon's public reply as a comment with the handle, tells the author, and takes its Update and Delete", async () => {
    const comments = async () => (await app.post('/api/post/loadcomments', { postid: 1 })).body.comments as Array<Record<string, unknown>>;
    const reply = fixture('mastodon-create-reply');
    expect((await peer.postSigned(INBOX, reply)).status).toBe(202);
    await settled();
    const [shown] = await comments();
    expect(shown).toMatchObject({
      username: `ann@${PEER}`,
      comment: '@beatrix i have never been disappointed by a thinkpad. if you want to save money, get a model from a few years ago, there isnt a huge difference anyway. #coffee :kappa:',
      mentions: ['beatrix'],
      remote: expect.objectContaining({ url: expect.stringContaining(PEER) }),
    });
    expect(shown!.comment_date).toBe(new Date(reply.object.published).toISOString());
    const listed = (await app.post('/api/notification/list', { limit: 5 }, bea.auth)).body.notifications;
    expect(listed[0]).toMatchObject({ kind: 'comment', actor_username: `ann@${PEER}`, post_id: 1, comment: shown!.comment });
    // The same reply again changes nothing.
    expect((await peer.postSigned(INBOX, reply)).status).toBe(202);
    await settled();
    expect(await comments()).toHaveLength(1);

    const note = { ...reply.object, content: '<p>Edited: <b>really</b> good.</p>', contentMap: undefined, updated: '2021-11-05T12:00:00Z' };
    const update = { '@context': reply['@context'], id: `${reply.object.id}#updates/1`, type: 'Update', actor: reply.actor, to: reply.to, cc: reply.cc, object: note };
    expect((await peer.postSigned(INBOX, update)).status).toBe(202);
    await settled();
    expect((await comments())[0]).toMatchObject({ comment: 'Edited: really good.', mentions: [] });

    const deletion = JSON.parse(JSON.stringify(fixture('mastodon-delete-note')).replaceAll('107773559874184870', '107224289116410645'));
    expect((await peer.postSigned(INBOX, deletion)).status).toBe(202);
    await settled();
    expect(await comments()).toEqual([]);
    const left = (await app.post('/api/notification/list', { limit: 5 }, bea.auth)).body.notifications as Array<{ kind: string }>;
    expect(left.filter((item) => item.kind === 'comment')).toEqual([]);
  });

  it('keeps no private reply (followers only or direct), and no reply to a review that is not here', async () => {
    const reply = fixture('mastodon-create-reply');
    const privately = { ...reply, id: `${reply.id}-private`, cc: [], object: { ...reply.object, id: `${reply.object.id}-private`, cc: [`https://${SIPLOG}/ap/users/1`] } };
    const elsewhere = { ...reply, id: `${reply.id}-elsewhere`, object: { ...reply.object, id: `${reply.object.id}-elsewhere`, inReplyTo: `https://${SIPLOG}/ap/reviews/999` } };
    for (const json of [privately, elsewhere]) expect((await peer.postSigned(INBOX, json)).status).toBe(202);
    await settled();
    expect((await app.post('/api/post/loadcomments', { postid: 1 })).body.comments).toEqual([]);
  });

  it('takes in, without storing anything yet, what it does not act on: photo posts and book reviews', async () => {
    const kept = JSON.stringify(await actors.byUri(`https://${PEER}/users/ann`));
    for (const name of ['pixelfed-create-note', 'bookwyrm-review-article'] as const) {
      // The peer signs as ann at Mastodon's actor path: BookWyrm's people live at /user/…; a signer must be the
      // activity's actor, so those are sent as ann.
      const json = JSON.parse(JSON.stringify(fixture(name)).replaceAll(`https://${PEER}/user/ann`, peer.actorUri.href));
      const response = await peer.postSigned(INBOX, json);
      expect(response.status, name).toBe(202);
    }
    await settled();
    expect(JSON.stringify(await actors.byUri(`https://${PEER}/users/ann`))).toBe(kept);
    expect(await queue.depth(Date.now())).toMatchObject({ failed: 0 });
  });

  it("takes in Mastodon's report (a Flag) into the Reports panel, as from that server, once", async () => {
    // Mastodon's reports come from its instance actor; a signer must be the activity's actor, so it is sent as ann.
    const json = { ...fixture('mastodon-flag'), actor: peer.actorUri.href };
    const boss = await registerAccount(app, 'boss');
    const open = async () => ((await app.post('/api/admin/reports', { status: 'open' }, boss.auth)).body as { reports: Array<Record<string, unknown>> }).reports;
    expect((await peer.postSigned(INBOX, json)).status).toBe(202);
    await settled();
    const reports = await open();
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      expect(report).toMatchObject({ reporter_username: null, from_server: PEER, note: 'Please take a look at this user and their posts', owner_username: FIXTURE_LOCAL_USERNAME });
    }
    expect((await peer.postSigned(INBOX, json)).status).toBe(202);
    await settled();
    expect(await open()).toHaveLength(reports.length);
  });

  it('refuses a forged body, an old signature, malformed JSON and an oversized body, storing nothing', async () => {
    const forged = await peer.postSigned(INBOX, fixture('mastodon-undo-follow'), { tamper: (body) => body.replace('Undo', 'Undo ') });
    expect(forged.status).toBe(401);
    const replayed = await peer.postSigned(INBOX, fixture('mastodon-undo-follow'), { signedAt: new Date(Date.now() - 3 * 3_600_000) });
    expect(replayed.status).toBe(401);
    const malformed = await peer.postSigned(INBOX, '{"type": "Undo", ');
    expect([400, 401]).toContain(malformed.status);
    const huge = await peer.postSigned(INBOX, { ...fixture('mastodon-follow'), padding: 'x'.repeat(FEDERATION_BODY_MAX_BYTES) });
    expect(huge.status).toBe(413);
    await settled();
    expect(await followers()).toBe(1);
  });

  it("takes Mastodon's Undo of the Follow, and its Delete of the person forgets them", async () => {
    expect((await peer.postSigned(INBOX, fixture('mastodon-undo-follow'))).status).toBe(202);
    await settled();
    expect(await followers()).toBe(0);
    expect(await actors.byUri(`https://${PEER}/users/ann`)).toBeDefined();
    expect((await peer.postSigned(INBOX, fixture('mastodon-delete-actor'))).status).toBe(202);
    await settled();
    expect(await actors.byUri(`https://${PEER}/users/ann`)).toBeUndefined();
  });
});
