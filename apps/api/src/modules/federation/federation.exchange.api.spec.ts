import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import type { FediversePeer } from '../../test/fediverse-peer';
import { startSiplogAndPeer } from '../../test/federation-world';
import { postReview } from '../../test/reviews';
import type { TestApp } from '../../test/test-app';
import { FederationQueueRepository } from './queue/federation-queue.repository';

/*
 * Issue 30 across the wire: a Siplog instance and a Mastodon-shaped peer on a private https network (a throw-away CA,
 * TLS fronts, test hostnames mapped to loopback). The peer follows a Siplog person by handle, is accepted, and from
 * then on receives each review as a Note (Create, Update, Delete) until it unfollows.
 */
const SIPLOG = 'siplog-a.test';
const PEER = 'peer.test';
const AP = { Accept: 'application/activity+json' };

/** Waits (bounded) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a Siplog person followed from elsewhere', () => {
  let app: TestApp;
  let peer: FediversePeer;
  let close: () => Promise<void>;
  let maya: TestAccount;
  let boss: TestAccount;
  let mayaUri: string;

  beforeAll(async () => {
    ({ app, peer, close } = await startSiplogAndPeer(SIPLOG, PEER, { ADMIN_EMAILS: 'boss@example.com' }));
    maya = await registerAccount(app, 'maya_sips', { firstname: 'Maya', lastname: 'Lopez' });
    boss = await registerAccount(app, 'boss');
    await insertEstablishment(app.data, { placeId: 'siplog:harbour-coffee', name: 'Harbour Coffee Co.', lat: 41.8837, lng: -87.6288, street: '1 Pier St', city: 'Chicago', state: 'IL' });
  });
  afterAll(() => close?.());

  const followersOf = async (uri: string) => {
    const response = await fetch(`${uri}/followers`, { headers: AP });
    return (await response.json()) as { totalItems: number };
  };

  it('is found by handle, followed, and the follow is accepted', async () => {
    const { target, follow } = await peer.follow(`@maya_sips@${SIPLOG}`);
    mayaUri = target.id!.href;
    expect(mayaUri).toMatch(new RegExp(`^https://${SIPLOG}/ap/users/\\d+$`));
    const accept = await peer.waitFor((item) => item.type === 'Accept', 'an Accept');
    expect(accept.json.actor).toBe(mayaUri);
    expect(JSON.stringify(accept.json.object)).toContain(follow.id!.href);
    expect((await followersOf(mayaUri)).totalItems).toBe(1);
    const lists = await app.post('/api/user/loadpeopleelsewhere', { username: 'maya_sips' });
    expect(lists.body.followers).toEqual([expect.objectContaining({ handle: `ann@${PEER}`, server: PEER, url: `https://${PEER}/@ann` })]);
  });

  let postId: number;

  it('delivers a new review as a Note: stars and order in the text, the photo with alt text, the place, hashtags, a link back', async () => {
    const posted = await postReview(app, maya, {
      place_id: 'siplog:harbour-coffee',
      order: 'Cortado',
      review: 'Silky & strong.\n\nWould sip again.',
      rating: 4,
      drink: { kind: 'cortado', temperature: 'hot' },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    postId = posted.body.post_id;
    const create = await peer.waitFor((item) => item.type === 'Create', 'the review');
    const note = create.json.object;
    expect(create.json.actor).toBe(mayaUri);
    expect(note.type).toBe('Note');
    expect(note.id).toBe(`https://${SIPLOG}/ap/reviews/${postId}`);
    expect(note.attributedTo).toBe(mayaUri);
    expect(note.summary).toBeUndefined();
    expect(note.url).toBe(`https://${SIPLOG}/post/${postId}`);
    expect(note.to).toBe('as:Public');
    expect(note.content).toContain('★★★★☆ 4/5');
    expect(note.content).toContain('<strong>Cortado (Hot cortado)</strong>');
    expect(note.content).toContain('Silky &#38; strong.');
    expect(note.content).toContain(`https://${SIPLOG}/post/${postId}`);
    const images = [note.attachment].flat();
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ type: 'Image', mediaType: 'image/webp', name: 'Photo 1 of Cortado (Hot cortado) at Harbour Coffee Co.' });
    const photo = await fetch(images[0].url);
    expect(photo.status).toBe(200);
    expect(note.location).toMatchObject({ type: 'Place', name: 'Harbour Coffee Co.', latitude: 41.8837, longitude: -87.6288 });
    expect(note.location.summary).toContain('1 Pier St, Chicago');
    expect([note.tag].flat().map((tag: { name: string }) => tag.name)).toEqual(['#coffee', '#HarbourCoffeeCo']);
    expect(note.published).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The Note can be fetched where its id says, as Mastodon does before showing a reply or a like.
    const fetched = await fetch(note.id, { headers: AP });
    expect(fetched.status).toBe(200);
    expect(((await fetched.json()) as { content: string }).content).toBe(note.content);
  });

  it('counts a like from elsewhere and tells the author, marked with its server; an Undo takes both back', async () => {
    const likes = async () => (await app.post('/api/post/loadpost', { postid: postId })).body.post.likes as number;
    const notes = async () =>
      ((await app.post('/api/notification/list', { limit: 20 }, maya.auth)).body as { notifications: Array<{ kind: string; actor_username: string; actor_url?: string; post_id?: number }>; unread: number });
    const liked = await peer.like(`https://${SIPLOG}/ap/reviews/${postId}`);
    await until(async () => (await likes()) === 1, 'the like to count');
    const told = await notes();
    expect(told.notifications[0]).toMatchObject({ kind: 'like', actor_username: `ann@${PEER}`, actor_url: `https://${PEER}/@ann`, post_id: postId });
    expect(told.unread).toBe(1);

    // The same Like again changes nothing.
    await peer.like(`https://${SIPLOG}/ap/reviews/${postId}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await likes()).toBe(1);

    await peer.unlike(liked);
    await until(async () => (await likes()) === 0, 'the like to be taken back');
    expect((await notes()).notifications.filter((item) => item.kind === 'like')).toEqual([]);
  });

  it('shows a reply from elsewhere as a comment with its handle and tells the author; its Delete takes it back', async () => {
    const comments = async () => (await app.post('/api/post/loadcomments', { postid: postId })).body.comments as Array<Record<string, unknown>>;
    const replied = await peer.reply(`https://${SIPLOG}/ap/reviews/${postId}`, `<p><span class="h-card"><a href="https://${SIPLOG}/user/maya_sips" class="u-url mention">@<span>maya_sips</span></a></span> Which beans?</p>`);
    await until(async () => (await comments()).length === 1, 'the reply to show');
    expect((await comments())[0]).toMatchObject({ username: `ann@${PEER}`, comment: '@maya_sips Which beans?', mentions: ['maya_sips'], remote: { url: `https://${PEER}/@ann` } });
    const told = (await app.post('/api/notification/list', { limit: 5 }, maya.auth)).body.notifications;
    expect(told[0]).toMatchObject({ kind: 'comment', actor_username: `ann@${PEER}`, actor_url: `https://${PEER}/@ann`, post_id: postId, comment: '@maya_sips Which beans?' });

    // The review's author may remove a reply from elsewhere on their review; nobody else may.
    await peer.reply(`https://${SIPLOG}/ap/reviews/${postId}`, '<p>Buy my followers!</p>');
    await until(async () => (await comments()).length === 2, 'the second reply to show');
    const spam = (await comments())[1]!;
    expect((await app.post('/api/post/deletecomment', { comment_id: spam.comment_id, remote: true }, boss.auth)).status).toBe(403);
    expect((await app.post('/api/post/deletecomment', { comment_id: spam.comment_id, remote: true }, maya.auth)).status).toBe(200);
    expect((await comments()).map((comment) => comment.comment)).toEqual(['@maya_sips Which beans?']);
    expect((await app.post('/api/post/deletecomment', { comment_id: spam.comment_id, remote: true }, maya.auth)).status).toBe(404);

    await peer.deleteReply(replied);
    await until(async () => (await comments()).length === 0, 'the reply to be taken back');
    expect((await app.post('/api/notification/list', { limit: 5 }, maya.auth)).body.notifications.filter((item: { kind: string }) => item.kind === 'comment')).toEqual([]);
  });

  it('sends an edit as an Update and a deletion as a Delete of the Note', async () => {
    const edited = await app.post('/api/post/updatepost', { postid: postId, order: 'Cortado', review: 'Even better the second time.', rating: 5 }, maya.auth);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const update = await peer.waitFor((item) => item.type === 'Update', 'the edit');
    expect(update.json.object.content).toContain('★★★★★ 5/5');
    expect(update.json.object.content).toContain('Even better the second time.');

    expect((await app.post('/api/post/deletepost', { postid: postId }, maya.auth)).status).toBe(200);
    const deleted = await peer.waitFor((item) => item.type === 'Delete', 'the deletion');
    expect(deleted.json.object).toMatchObject({ type: 'Tombstone', id: `https://${SIPLOG}/ap/reviews/${postId}` });
    expect((await fetch(`https://${SIPLOG}/ap/reviews/${postId}`, { headers: AP })).status).toBe(404);
  });

  it('stops delivering once the follower takes the follow back', async () => {
    const { target, follow } = await peer.follow(`@maya_sips@${SIPLOG}`);
    await peer.unfollow(target, follow);
    const deadline = Date.now() + 5000;
    while ((await followersOf(mayaUri)).totalItems !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await followersOf(mayaUri)).totalItems).toBe(0);
    const before = peer.received.length;
    expect((await postReview(app, maya, { place_id: 'siplog:harbour-coffee', order: 'Espresso' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.slice(before).filter((item) => item.type === 'Create')).toEqual([]);
  });

  it("drops everything from a server the admin blocks, both ways, and lets it follow again once lifted", async () => {
    const accepts = () => peer.received.filter((item) => item.type === 'Accept').length;
    const acceptedBefore = accepts();
    await peer.follow(`@maya_sips@${SIPLOG}`);
    await peer.waitFor(() => accepts() > acceptedBefore, 'an Accept');
    expect((await followersOf(mayaUri)).totalItems).toBe(1);

    const blocked = await app.trpc('mutation', 'admin.setFederationDomain', { host: PEER, policy: 'block' }, boss.auth);
    expect(blocked.status).toBe(200);
    // The follow ended with the block, and a new one is ignored.
    expect((await followersOf(mayaUri)).totalItems).toBe(0);
    const before = peer.received.length;
    await peer.follow(`@maya_sips@${SIPLOG}`);
    expect((await postReview(app, maya, { place_id: 'siplog:harbour-coffee', order: 'Mocha' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.slice(before)).toEqual([]);
    expect((await followersOf(mayaUri)).totalItems).toBe(0);

    // Silenced, it may follow (and receive public reviews).
    await app.trpc('mutation', 'admin.setFederationDomain', { host: PEER, policy: 'silence' }, boss.auth);
    await peer.follow(`@maya_sips@${SIPLOG}`);
    await peer.waitFor(() => peer.received.slice(before).some((item) => item.type === 'Accept'), 'an Accept once silenced');
    expect((await followersOf(mayaUri)).totalItems).toBe(1);
    expect((await app.trpc('mutation', 'admin.removeFederationDomain', { host: PEER }, boss.auth)).status).toBe(200);
    const servers = (await app.trpc('query', 'admin.federation', undefined, boss.auth)).data.servers;
    expect(servers).toEqual([expect.objectContaining({ host: PEER, people: 1, followers: 1, policy: null })]);
  });

  it('tells followers elsewhere when a person is suspended (a Delete of the actor) and stops their deliveries', async () => {
    const leo = await registerAccount(app, 'leo_pours');
    const { target } = await peer.follow(`@leo_pours@${SIPLOG}`);
    await peer.waitFor((item) => item.type === 'Accept' && item.json.actor === target.id!.href, "leo's Accept");
    // A delivery to the peer is in hand (the peer holds its answer), so leo's Delete waits its turn and goes out only
    // after the suspension is written: it must go all the same.
    const queue = app.get(FederationQueueRepository);
    await until(async () => (await queue.list(10)).length === 0, 'the Accept to be answered');
    const held = peer.hold();
    expect((await postReview(app, maya, { place_id: 'siplog:harbour-coffee', order: 'Americano' })).status).toBe(200);
    await peer.waitFor((item) => item.type === 'Create' && String(item.json.object.content).includes('Americano'), 'the review in hand');
    const suspended = await app.post('/api/admin/suspenduser', { email: leo.email, reason: 'Spam' }, boss.auth);
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    held.release();
    const deleted = await peer.waitFor((item) => item.type === 'Delete' && item.json.actor === target.id!.href, "leo's Delete");
    expect(deleted.json.object).toBe(target.id!.href);
    // Their actor keeps only their keys (so the Delete can be checked after the fact): nothing of the person. And a
    // delivery of theirs still in the queue is dropped when its turn comes.
    const left = (await (await fetch(target.id!, { headers: AP })).json()) as Record<string, any>;
    expect(left).toMatchObject({ id: target.id!.href, type: 'Person' });
    expect(left.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    for (const field of ['name', 'preferredUsername', 'summary', 'icon', 'url']) expect(left[field], field).toBeUndefined();
    expect((await fetch(`https://${SIPLOG}/.well-known/webfinger?resource=acct:leo_pours@${SIPLOG}`)).status).toBe(404);
    const stale = { type: 'outbox', activityType: 'https://www.w3.org/ns/activitystreams#Create', inbox: `https://${PEER}/inbox`, keys: [{ keyId: `${target.id!.href}#main-key` }] };
    await queue.enqueue([{ kind: 'outbox', message: JSON.stringify(stale), orderingKey: null, targetHost: PEER, runAt: Date.now() }], Date.now());
    const deadline = Date.now() + 5000;
    while ((await queue.list(10)).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await queue.list(10)).toEqual([]);
  });

  it('tells followers elsewhere when a person deletes their account', async () => {
    const zoe = await registerAccount(app, 'zoe_steeps');
    const { target } = await peer.follow(`@zoe_steeps@${SIPLOG}`);
    await peer.waitFor((item) => item.type === 'Accept' && item.json.actor === target.id!.href, "zoe's Accept");
    const gone = await app.post('/api/user/deleteaccount', { password: zoe.password }, zoe.auth);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const deleted = await peer.waitFor((item) => item.type === 'Delete' && item.json.actor === target.id!.href, "zoe's Delete");
    expect(deleted.json.object).toBe(target.id!.href);
  });

  it('refuses an unsigned activity, storing nothing', async () => {
    const response = await fetch(`https://${SIPLOG}/ap/inbox`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/activity+json' },
      body: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `https://${PEER}/follows/forged`,
        type: 'Follow',
        actor: peer.actorUri.href,
        object: mayaUri,
      }),
    });
    expect(response.status).toBe(401);
    expect((await followersOf(mayaUri)).totalItems).toBe(1);
    const servers = (await app.trpc('query', 'admin.federation', undefined, boss.auth)).data.servers;
    expect(servers.map((server: { host: string }) => server.host)).toEqual([PEER]);
  });
});
