import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEDERATION_MESSAGES } from '@siplog/contracts';
import { and, eq } from 'drizzle-orm';
import { insertEstablishment, notifications } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import type { FediversePeer } from '../../test/fediverse-peer';
import { startSiplogAndPeer } from '../../test/federation-world';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';
import { notificationSentence } from '../notification/notification-mail';
import { RemoteActorsRepository } from './remote-actors.repository';

/*
 * 'Approve followers' across the wire (issue 30): a Siplog instance and a Mastodon-shaped peer on a private https
 * network. With the setting on, the peer's Follow waits (no Accept, no follower) and the person is told; their Accept
 * or Reject reaches the peer naming its Follow; an Undo while waiting takes the request back.
 */
const SIPLOG = 'siplog-approve.test';
const PEER = 'peer-approve.test';
const AP = { Accept: 'application/activity+json' };

interface NotificationLine {
  notification_id: number;
  kind: string;
  actor_username: string;
  actor_url?: string;
  remote_actor_id?: number;
}

/** Waits (bounded) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("'Approve followers' for people elsewhere", () => {
  let app: TestApp;
  let peer: FediversePeer;
  let close: () => Promise<void>;
  let maya: TestAccount;
  let sam: TestAccount;
  let boss: TestAccount;
  let remote: RemoteActorsRepository;

  beforeAll(async () => {
    ({ app, peer, close } = await startSiplogAndPeer(SIPLOG, PEER, { ADMIN_EMAILS: 'boss@example.com' }));
    boss = await registerAccount(app, 'boss');
    maya = await registerAccount(app, 'maya_locks');
    sam = await registerAccount(app, 'sam_elsewho');
    remote = app.get(RemoteActorsRepository);
    await insertEstablishment(app.data, { placeId: 'siplog:quiet-tea', name: 'Quiet Tea', lat: 41.88, lng: -87.63, street: '2 Leaf St', city: 'Chicago', state: 'IL' });
  });
  afterAll(() => close?.());

  const actorUriOf = (username: string) => `https://${SIPLOG}/ap/users/${username}`;
  const actorOf = async (account: TestAccount) => {
    const finger = (await (await fetch(`https://${SIPLOG}/.well-known/webfinger?resource=acct:${account.username}@${SIPLOG}`)).json()) as { links: Array<{ rel: string; href?: string }> };
    const self = finger.links.find((link) => link.rel === 'self')!.href!;
    return (await (await fetch(self, { headers: AP })).json()) as Record<string, any>;
  };
  const followersOf = async (uri: string) => ((await (await fetch(`${uri}/followers`, { headers: AP })).json()) as { totalItems: number }).totalItems;
  const notificationsOf = async (account: TestAccount) =>
    (await app.post('/api/notification/list', { limit: 20 }, account.auth)).body as { notifications: NotificationLine[]; unread: number };
  const requestsOf = async (account: TestAccount) => (await notificationsOf(account)).notifications.filter((line) => line.kind === 'follow_request');
  const approve = async (account: TestAccount, on: boolean) => expect((await app.post('/api/user/approvefollowers', { approve_followers: on }, account.auth)).status).toBe(200);
  const userIdOf = (actorUri: string) => Number(actorUri.slice(actorUri.lastIndexOf('/') + 1));
  const annId = async () => (await remote.byUri(peer.actorUri.href))!.id;
  const of = (type: string, actorUri: string) => peer.received.filter((item) => item.type === type && item.json.actor === actorUri);

  let mayaUri: string;

  it('says manuallyApprovesFollowers in the actor document as the setting is', async () => {
    expect((await actorOf(maya)).manuallyApprovesFollowers).toBe(false);
    await approve(maya, true);
    const actor = await actorOf(maya);
    expect(actor.manuallyApprovesFollowers).toBe(true);
    mayaUri = actor.id;
    expect(mayaUri).toMatch(new RegExp(`^${actorUriOf('\\d+')}$`));
  });

  let firstFollowUri: string;
  let latestFollowUri: string;

  it('keeps a Follow waiting: no Accept goes out, the follower is not counted, and the person is told once', async () => {
    const { follow } = await peer.follow(`@maya_locks@${SIPLOG}`);
    firstFollowUri = follow.id!.href;
    await until(async () => (await requestsOf(maya)).length === 1, 'the follow request to be told');
    const [line] = await requestsOf(maya);
    expect(line).toMatchObject({ kind: 'follow_request', actor_username: `ann@${PEER}`, actor_url: `https://${PEER}/@ann`, remote_actor_id: await annId() });
    expect((await notificationsOf(maya)).unread).toBe(1);
    // The e-mail says it as the site does (its link is the notifications page, where it is answered).
    expect(notificationSentence({ kind: 'follow_request', actorUsername: line.actor_username, establishmentName: null, comment: null })).toBe(`ann@${PEER} wants to follow you`);
    expect(await remote.pendingFollower(userIdOf(mayaUri), await annId())).toMatchObject({ followUri: firstFollowUri, handle: `ann@${PEER}` });
    expect(await followersOf(mayaUri)).toBe(0);

    // The same person asking again (a new Follow) is still one request, told once; the answer will name the latest.
    const again = await peer.follow(`@maya_locks@${SIPLOG}`);
    latestFollowUri = again.follow.id!.href;
    await until(async () => (await remote.pendingFollower(userIdOf(mayaUri), await annId()))?.followUri === latestFollowUri, 'the second Follow to be kept');
    expect(await requestsOf(maya)).toHaveLength(1);
    expect(await followersOf(mayaUri)).toBe(0);
    expect(of('Accept', mayaUri)).toEqual([]);
  });

  it('lets nobody but the person asked answer it', async () => {
    const body = { remote_actor_id: await annId() };
    const stranger = await app.post('/api/federation/acceptfollower', body, sam.auth);
    expect(stranger.status).toBe(404);
    expect(stranger.body.msg).toBe(FEDERATION_MESSAGES.noSuchFollowRequest);
    const strangerRejects = await app.trpc('mutation', 'federation.rejectFollower', body, sam.auth);
    expect(strangerRejects.status).toBe(404);
    expect(strangerRejects.error?.message).toBe(FEDERATION_MESSAGES.noSuchFollowRequest);
    expect((await app.post('/api/federation/acceptfollower', body)).status).toBe(401);
    expect((await app.post('/api/federation/acceptfollower', { remote_actor_id: 'ann' }, maya.auth)).status).toBe(400);
    expect((await app.post('/api/federation/rejectfollower', {}, maya.auth)).status).toBe(400);
    // Still waiting for maya, still told.
    expect(await remote.pendingFollower(userIdOf(mayaUri), await annId())).toBeDefined();
    expect(await requestsOf(maya)).toHaveLength(1);
  });

  it('accepted: the peer receives an Accept of its Follow, the follower counts, and new reviews reach it', async () => {
    const accepted = await app.post('/api/federation/acceptfollower', { remote_actor_id: await annId() }, maya.auth);
    expect(accepted.body).toEqual({ status: 200, handle: `ann@${PEER}`, accepted: true, msg: FEDERATION_MESSAGES.followerAccepted(`ann@${PEER}`) });
    const accept = await peer.waitFor((item) => item.type === 'Accept' && item.json.actor === mayaUri, 'the Accept');
    expect(accept.json.object).toMatchObject({ type: 'Follow', id: latestFollowUri, actor: peer.actorUri.href, object: mayaUri });
    expect(await followersOf(mayaUri)).toBe(1);
    // Answered: its notification is gone, and a second answer finds nothing waiting.
    expect(await requestsOf(maya)).toEqual([]);
    expect((await notificationsOf(maya)).unread).toBe(0);
    expect((await app.post('/api/federation/acceptfollower', { remote_actor_id: await annId() }, maya.auth)).status).toBe(404);
    expect((await app.post('/api/federation/rejectfollower', { remote_actor_id: await annId() }, maya.auth)).status).toBe(404);

    expect((await postReview(app, maya, { place_id: 'siplog:quiet-tea', order: 'Genmaicha' })).status).toBe(200);
    const create = await peer.waitFor((item) => item.type === 'Create' && item.json.actor === mayaUri, 'the new review');
    expect(create.json.object.content).toContain('Genmaicha');

    // Following already, a Follow again is answered at once (as Mastodon re-sends one) and asks nothing of maya.
    await peer.follow(`@maya_locks@${SIPLOG}`);
    await peer.waitFor(() => of('Accept', mayaUri).length === 2, 'a second Accept');
    expect(await requestsOf(maya)).toEqual([]);
    expect(await followersOf(mayaUri)).toBe(1);
    expect(firstFollowUri).not.toBe(latestFollowUri);
  });

  it('declined: the peer receives a Reject of its Follow, and nothing of the request is kept', async () => {
    const lena = await registerAccount(app, 'lena_says_no');
    await approve(lena, true);
    const { target, follow } = await peer.follow(`@lena_says_no@${SIPLOG}`);
    const lenaUri = target.id!.href;
    await until(async () => (await requestsOf(lena)).length === 1, "lena's follow request");
    const [line] = await requestsOf(lena);

    const rejected = await app.trpc('mutation', 'federation.rejectFollower', { remote_actor_id: line.remote_actor_id }, lena.auth);
    expect(rejected.data).toEqual({ status: 200, handle: `ann@${PEER}`, accepted: false, msg: FEDERATION_MESSAGES.followerRejected(`ann@${PEER}`) });
    const reject = await peer.waitFor((item) => item.type === 'Reject' && item.json.actor === lenaUri, 'the Reject');
    expect(reject.json.object).toMatchObject({ type: 'Follow', id: follow.id!.href, actor: peer.actorUri.href, object: lenaUri });
    expect(await remote.pendingFollower(userIdOf(lenaUri), await annId())).toBeUndefined();
    expect(await requestsOf(lena)).toEqual([]);
    expect(await followersOf(lenaUri)).toBe(0);
    expect(of('Accept', lenaUri)).toEqual([]);
    expect((await app.post('/api/federation/acceptfollower', { remote_actor_id: line.remote_actor_id }, lena.auth)).status).toBe(404);
  });

  it('takes a waiting request and its notification back when the requester sends Undo', async () => {
    const omar = await registerAccount(app, 'omar_waits');
    await approve(omar, true);
    const { target, follow } = await peer.follow(`@omar_waits@${SIPLOG}`);
    const omarUri = target.id!.href;
    await until(async () => (await requestsOf(omar)).length === 1, "omar's follow request");
    expect((await notificationsOf(omar)).unread).toBe(1);

    await peer.unfollow(target, follow);
    await until(async () => (await remote.pendingFollower(userIdOf(omarUri), await annId())) === undefined, 'the request to be taken back');
    expect(await requestsOf(omar)).toEqual([]);
    expect((await notificationsOf(omar)).unread).toBe(0);
    // The notification itself goes with the request, not only out of sight.
    expect(await app.data.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.kind, 'follow_request'), eq(notifications.userId, userIdOf(omarUri)!)))).toHaveLength(0);
    expect((await app.post('/api/federation/acceptfollower', { remote_actor_id: await annId() }, omar.auth)).status).toBe(404);
    expect(of('Accept', omarUri)).toEqual([]);
    expect(of('Reject', omarUri)).toEqual([]);

    // Asked again later, omar is told again (once).
    await peer.follow(`@omar_waits@${SIPLOG}`);
    await until(async () => (await requestsOf(omar)).length === 1, "omar's second follow request");
  });

  it('leaves a waiting request waiting when the person turns approving off; a new Follow then is accepted at once', async () => {
    const omar = await registerAccount(app, 'omar_opens');
    await approve(omar, true);
    const { target } = await peer.follow(`@omar_opens@${SIPLOG}`);
    const omarUri = target.id!.href;
    await until(async () => (await requestsOf(omar)).length === 1, 'the follow request');

    await approve(omar, false);
    expect((await actorOf(omar)).manuallyApprovesFollowers).toBe(false);
    expect(await remote.pendingFollower(userIdOf(omarUri), await annId())).toBeDefined();
    expect(await requestsOf(omar)).toHaveLength(1);
    expect(await followersOf(omarUri)).toBe(0);

    // The requester asking again now follows at once, and the request it settles is no longer shown.
    await peer.follow(`@omar_opens@${SIPLOG}`);
    await peer.waitFor((item) => item.type === 'Accept' && item.json.actor === omarUri, 'the Accept');
    expect(await followersOf(omarUri)).toBe(1);
    expect(await requestsOf(omar)).toEqual([]);
  });

  it("shows a request from a server the admin silenced (it may follow), and none from one the admin blocks", async () => {
    const nina = await registerAccount(app, 'nina_asks');
    await approve(nina, true);
    expect((await app.trpc('mutation', 'admin.setFederationDomain', { host: PEER, policy: 'silence' }, boss.auth)).status).toBe(200);
    await peer.follow(`@nina_asks@${SIPLOG}`);
    await until(async () => (await requestsOf(nina)).length === 1, "nina's follow request from a silenced server");

    expect((await app.trpc('mutation', 'admin.setFederationDomain', { host: PEER, policy: 'block' }, boss.auth)).status).toBe(200);
    expect(await requestsOf(nina)).toEqual([]);
    expect((await notificationsOf(nina)).unread).toBe(0);
    expect((await app.trpc('mutation', 'admin.removeFederationDomain', { host: PEER }, boss.auth)).status).toBe(200);
  });
});

describe('follow requests where federation is not set up', () => {
  let app: TestApp;
  afterAll(() => app?.close());

  it('says why they cannot be answered (409), without an https PUBLIC_URL', async () => {
    app = await startTestApp();
    const kim = await registerAccount(app, 'kim_local');
    for (const path of ['/api/federation/acceptfollower', '/api/federation/rejectfollower']) {
      const answer = await app.post(path, { remote_actor_id: 1 }, kim.auth);
      expect(answer.status, path).toBe(409);
      expect(answer.body.msg).toBe(FEDERATION_MESSAGES.followRequestsUnavailable);
    }
  });
});
