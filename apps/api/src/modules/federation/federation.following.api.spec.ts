import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { REMOTE_FOLLOW_MESSAGES } from '@siplog/contracts';
import { registerAccount, type TestAccount } from '../../test/accounts';
import type { FediversePeer, Received } from '../../test/fediverse-peer';
import { startSiplogAndPeer } from '../../test/federation-world';
import { postReview } from '../../test/reviews';
import type { TestApp } from '../../test/test-app';

/*
 * Issue 30, following out: a Siplog person finds someone on a Mastodon-shaped peer by handle and follows them; the
 * peer accepts; the peer's reviews (a Note with a Place and a rating) then show in the person's Following feed,
 * matched to the place here within 50 m, and their edits and deletions follow. Posts that are no reviews are not kept.
 */
const SIPLOG = 'siplog-f.test';
const PEER = 'peer-f.test';

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface FeedPost {
  post_id: number;
  username: string;
  establishment_id: number;
  establishment_name: string;
  order: string;
  review: string;
  rating: string;
  remote?: { server: string; url: string | null; profile_url: string | null; place_url: string | null; liked: boolean };
}

describe('a Siplog person following someone elsewhere', () => {
  let app: TestApp;
  let peer: FediversePeer;
  let close: () => Promise<void>;
  let maya: TestAccount;
  let leo: TestAccount;
  let annId: number;
  let follow: Received;
  let placeId: number;

  beforeAll(async () => {
    ({ app, peer, close } = await startSiplogAndPeer(SIPLOG, PEER, { ADMIN_EMAILS: 'boss@example.com' }));
    maya = await registerAccount(app, 'maya_sips');
    leo = await registerAccount(app, 'leo_pours');
    placeId = (await insertEstablishment(app.data, { placeId: 'siplog:harbour', name: 'Harbour Coffee Co.', lat: 41.8837, lng: -87.6288 })).id;
  });
  afterAll(() => close?.());

  const lookup = (handle: string, who = maya) => app.post('/api/federation/lookup', { handle }, who.auth);
  const feed = async (who = maya) => ((await app.trpc('query', 'post.following', { limit: 20 }, who.auth)).data as { posts: FeedPost[] }).posts;
  const mayaActor = () => `https://${SIPLOG}/ap/users/1`;

  it('finds someone elsewhere by handle, with their name, server and page there', async () => {
    const found = await lookup(`@ann@${PEER}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.person).toMatchObject({ handle: `ann@${PEER}`, name: 'Ann Peer', server: PEER, url: `https://${PEER}/@ann`, following: 'none' });
    annId = found.body.person.remote_actor_id;
  });

  it('answers a clear error for a bad handle, one of ours, no one there, and an unreachable server', async () => {
    expect((await lookup('ann')).body).toMatchObject({ status: 400, msg: REMOTE_FOLLOW_MESSAGES.handleInvalid });
    expect((await lookup(`@maya_sips@${SIPLOG}`)).body).toMatchObject({ msg: REMOTE_FOLLOW_MESSAGES.ours });
    const nobody = await lookup(`@nobody@${PEER}`);
    expect(nobody.status).toBe(404);
    expect(nobody.body.msg).toBe(REMOTE_FOLLOW_MESSAGES.notFound(`@nobody@${PEER}`));
    const unreachable = await lookup('@ann@unknown-server.test');
    expect(unreachable.status).toBe(404);
    expect(unreachable.body.msg).toBe(REMOTE_FOLLOW_MESSAGES.notFound('@ann@unknown-server.test'));
    expect((await app.post('/api/federation/lookup', { handle: `@ann@${PEER}` })).status).toBe(401);
  });

  it('asks to follow, stays pending until their server accepts, then follows', async () => {
    const asked = await app.post('/api/federation/follow', { remote_actor_id: annId }, maya.auth);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.person.following).toBe('pending');
    follow = await peer.waitFor((item) => item.type === 'Follow' && item.json.actor === mayaActor(), "maya's Follow");
    expect(follow.json.object).toBe(peer.actorUri.href);
    await peer.answerFollow(follow, true);
    await until(async () => (await lookup(`@ann@${PEER}`)).body.person?.following === 'following', 'the Accept');
    // Her following list shows ann, marked with her server; anyone may read it, as the profile.
    const lists = await app.post('/api/user/loadpeopleelsewhere', { username: 'maya_sips' });
    expect(lists.body).toEqual({ followers: [], following: [{ handle: `ann@${PEER}`, server: PEER, url: `https://${PEER}/@ann`, avatar: expect.toBeOneOf([null, expect.any(String)]) }] });
    expect((await app.post('/api/user/loadpeopleelsewhere', { username: 'nobody_here' })).status).toBe(404);
  });

  it("shows their review in the Following feed, at the place here of the same name within 50 m, marked with their server", async () => {
    await postReview(app, maya, { place_id: 'siplog:harbour', order: 'Flat white', rating: 3 });
    const note = await peer.post(mayaActor(), {
      html: '<p>★★★★☆ 4/5 <strong>Cortado (hot)</strong> at <a href="https://peer-f.test/places/9">Harbour Coffee Co</a></p><p>Silky and short.</p><p><a href="https://peer-f.test/tags/coffee" class="mention hashtag">#<span>coffee</span></a> https://peer-f.test/post/9</p>',
      place: { name: 'Harbour Coffee Co', lat: 41.88372, lng: -87.62884, address: '1 Pier St, Chicago', url: `https://${PEER}/places/9` },
    });
    await until(async () => (await feed()).some((post) => post.remote), 'the review to arrive');
    const [newest, own] = await feed();
    expect(newest).toMatchObject({
      username: `ann@${PEER}`,
      establishment_id: placeId,
      establishment_name: 'Harbour Coffee Co.',
      order: 'Cortado (hot)',
      review: 'Silky and short.',
      rating: '4',
      remote: { server: PEER, url: note.url instanceof URL ? note.url.href : null, profile_url: `https://${PEER}/@ann`, place_url: `https://${PEER}/places/9` },
    });
    expect(own).toMatchObject({ username: 'maya_sips', order: 'Flat white' });
    // Liking it sends a Like to her server (once); taking it back sends the Undo.
    const like = (path: string) => app.post(`/api/federation/${path}`, { remote_review_id: newest!.post_id }, maya.auth);
    expect((await like('likereview')).body).toEqual({ status: 200, liked: true });
    expect((await like('likereview')).body).toEqual({ status: 200, liked: true });
    const liked = await peer.waitFor((item) => item.type === 'Like' && item.json.actor === mayaActor(), "maya's Like");
    expect(liked.json.object).toBe(note.id!.href);
    expect((await feed())[0]!.remote).toMatchObject({ liked: true });
    expect((await like('unlikereview')).body).toEqual({ status: 200, liked: false });
    const undone = await peer.waitFor((item) => item.type === 'Undo' && item.json.actor === mayaActor() && item.json.object?.type === 'Like', 'the Undo of the Like');
    expect(undone.json.object.id).toBe(liked.json.id);
    expect((await feed())[0]!.remote).toMatchObject({ liked: false });
    expect(peer.received.filter((item) => item.type === 'Like' && item.json.actor === mayaActor())).toHaveLength(1);
    expect((await app.post('/api/federation/likereview', { remote_review_id: 999_999 }, maya.auth)).status).toBe(404);

    // Only the people following them see it.
    expect((await feed(leo)).some((post) => post.remote)).toBe(false);

    await peer.update(mayaActor(), note, '<p>★★★★★ 5/5 <strong>Cortado (hot)</strong> at Harbour Coffee Co</p><p>Even better today.</p>');
    await until(async () => (await feed())[0]?.rating === '5', 'the edit');
    expect((await feed())[0]).toMatchObject({ review: 'Even better today.', remote: { server: PEER } });

    await peer.deletePost(mayaActor(), note);
    await until(async () => !(await feed()).some((post) => post.remote), 'the deletion');
  });

  it('keeps a review at a place not here as the place it came as, and no post that is not a review', async () => {
    await peer.post(mayaActor(), { html: '<p>Lovely weather for a walk.</p>' });
    await peer.post(mayaActor(), { html: '<p>Great espresso, 5/5</p>', place: { name: 'Far Away Cafe', lat: 38.72, lng: -9.14, url: `https://${PEER}/places/12` } });
    await until(async () => (await feed()).some((post) => post.remote), 'the second review');
    const remote = (await feed()).filter((post) => post.remote);
    expect(remote).toHaveLength(1);
    expect(remote[0]).toMatchObject({ establishment_id: 0, establishment_name: 'Far Away Cafe', rating: '5', order: '', review: 'Great espresso, 5/5' });
  });

  it('unfollows: an Undo of the Follow goes out and their reviews leave the feed', async () => {
    const left = await app.post('/api/federation/unfollow', { remote_actor_id: annId }, maya.auth);
    expect(left.body.person.following).toBe('none');
    const undo = await peer.waitFor((item) => item.type === 'Undo' && item.json.actor === mayaActor() && item.json.object?.type === 'Follow', 'the Undo');
    expect(undo.json.object.id ?? undo.json.object).toBe(follow.json.id);
    expect((await feed()).some((post) => post.remote)).toBe(false);
  });

  it('takes a Reject: the request is gone', async () => {
    await app.post('/api/federation/follow', { remote_actor_id: annId }, leo.auth);
    const asked = await peer.waitFor((item) => item.type === 'Follow' && item.json.actor === `https://${SIPLOG}/ap/users/2`, "leo's Follow");
    await peer.answerFollow(asked, false);
    await until(async () => (await lookup(`@ann@${PEER}`, leo)).body.person?.following === 'none', 'the Reject');
  });

  it('tells the people elsewhere a person follows when that person deletes their account', async () => {
    const zed = await registerAccount(app, 'zed_leaves');
    const zedActor = `https://${SIPLOG}/ap/users/3`;
    await app.post('/api/federation/follow', { remote_actor_id: annId }, zed.auth);
    const asked = await peer.waitFor((item) => item.type === 'Follow' && item.json.actor === zedActor, "zed's Follow");
    await peer.answerFollow(asked, true);
    await until(async () => (await lookup(`@ann@${PEER}`, zed)).body.person?.following === 'following', "zed's Accept");
    expect((await app.post('/api/user/deleteaccount', { password: zed.password }, zed.auth)).status).toBe(200);
    const deleted = await peer.waitFor((item) => item.type === 'Delete' && item.json.actor === zedActor, "zed's Delete");
    expect(deleted.json.object).toBe(zedActor);
  });
});
