import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment, notifications, posts, users, type Database } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

async function userId(db: Database, username: string): Promise<number> {
  return (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
}

type Listed = { kind: string; actor_username: string; post_id?: number; comment?: string; read: boolean };

/** Every kind of notification and its rules, through the real REST and tRPC paths. */
describe('notifications', () => {
  let app: TestApp;
  let ann: TestAccount; // writes reviews
  let bob: TestAccount;
  let cat: TestAccount;
  let dan: TestAccount;
  let placeId: number;
  let photo: Buffer;

  const list = async (account: TestAccount) => (await app.post('/api/notification/list', { limit: 50 }, account.auth)).body as { notifications: Listed[]; unread: number };
  const kinds = async (account: TestAccount) => (await list(account)).notifications.map((n) => `${n.kind}:${n.actor_username}`);
  const unread = async (account: TestAccount) => (await app.post('/api/notification/unreadcount', {}, account.auth)).body.unread as number;
  const readAll = (account: TestAccount) => app.post('/api/notification/markread', { all: true }, account.auth);
  const review = async (username: string, text = 'Good') =>
    (await app.data.insert(posts).values({ userId: await userId(app.data, username), establishmentId: placeId, orderText: 'Latte', review: text, rating: 4 }).returning())[0]!.id;

  async function postReview(account: TestAccount, text: string) {
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cup.jpg');
    form.append('data', JSON.stringify({ place_id: 'siplog:notify', establishment_name: 'Notify Cafe', order: 'Mocha', review: text, rating: 5 }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
    const body = (await response.json()) as { post_id: number };
    expect(response.status).toBe(200);
    return body.post_id;
  }

  beforeAll(async () => {
    app = await startTestApp();
    ann = await registerAccount(app, 'annnote');
    bob = await registerAccount(app, 'bobnote');
    cat = await registerAccount(app, 'catnote');
    dan = await registerAccount(app, 'dannote');
    placeId = (await insertEstablishment(app.data, { placeId: 'siplog:notify', name: 'Notify Cafe', lat: 30.3, lng: -97.7 })).id;
    photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a86' } }).jpeg().toBuffer();
  });
  afterAll(() => app.close());

  it('needs a token on every path, and refuses bad input with 400, changing nothing', async () => {
    for (const path of ['list', 'unreadcount', 'markread', 'emailsettings', 'updateemailsettings']) {
      expect((await app.post(`/api/notification/${path}`, {})).status, path).toBe(401);
    }
    for (const [path, body] of [
      ['list', { limit: 51 }],
      ['list', { skip: -1 }],
      ['list', { limit: '5x' }],
      ['list', { cursor: 1 }],
      ['unreadcount', { extra: true }],
      ['markread', {}],
      ['markread', { all: false }],
      ['markread', { notification_ids: 'all' }],
      ['markread', { notification_ids: [0] }],
      ['markread', { notification_ids: [[1]] }],
      ['markread', { notification_ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
      ['updateemailsettings', { like: 'yes' }],
      ['updateemailsettings', { poke: true }],
    ] as const) {
      expect((await app.post(`/api/notification/${path}`, body, ann.auth)).status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await app.trpc('query', 'notification.unreadCount', {})).status).toBe(401);
    expect((await app.trpc('query', 'notification.list', { limit: 5, cursor: 'x' }, ann.auth)).status).toBe(400);
  });

  it('tells a person once when someone follows them, however often it is toggled, and never for their own acts', async () => {
    for (let i = 0; i < 3; i++) {
      await app.post('/api/user/followuser', { targetusername: 'annnote' }, bob.auth);
      await app.post('/api/user/unfollowuser', { targetusername: 'annnote' }, bob.auth);
    }
    expect(await kinds(ann)).toEqual([]);
    await app.post('/api/user/followuser', { targetusername: 'annnote' }, bob.auth);
    await app.post('/api/user/followuser', { targetusername: 'annnote' }, bob.auth);
    expect(await kinds(ann)).toEqual(['follow:bobnote']);
    expect(await kinds(bob)).toEqual([]);
    expect(await unread(ann)).toBe(1);
    await readAll(ann);
  });

  it('tells the author of a like once however often it is toggled; an unlike takes an unread one away, a read one stays', async () => {
    const postid = await review('annnote');
    for (let i = 0; i < 3; i++) {
      await app.post('/api/post/likepost', { postid }, bob.auth);
      await app.post('/api/post/unlikepost', { postid }, bob.auth);
    }
    expect(await kinds(ann)).toEqual(['follow:bobnote']);
    await app.post('/api/post/likepost', { postid }, bob.auth);
    const liked = (await list(ann)).notifications[0];
    expect(liked).toMatchObject({ kind: 'like', actor_username: 'bobnote', post_id: postid, establishment_id: placeId, establishment_name: 'Notify Cafe', read: false });
    expect(await unread(ann)).toBe(1);
    await readAll(ann);
    await app.post('/api/post/unlikepost', { postid }, bob.auth);
    await app.post('/api/post/likepost', { postid }, bob.auth);
    expect((await kinds(ann)).filter((kind) => kind === 'like:bobnote')).toHaveLength(1);
    await app.post('/api/post/likepost', { postid }, ann.auth); // one's own like tells nobody
    expect(await unread(ann)).toBe(0);
  });

  it('tells the author of a comment, earlier commenters of a reply, and the mentioned of a mention, once each', async () => {
    const postid = await review('annnote');
    await app.post('/api/post/addcomment', { postid, comment: 'Lovely' }, bob.auth);
    await app.post('/api/post/addcomment', { postid, comment: 'Agreed' }, cat.auth);
    await app.post('/api/post/addcomment', { postid, comment: 'Thanks both' }, ann.auth);
    await app.post('/api/post/addcomment', { postid, comment: '@catnote and @CatNote, see @dannote. @nobodyhere' }, bob.auth);

    const annSees = (await list(ann)).notifications.filter((n) => n.post_id === postid);
    expect(annSees.map((n) => `${n.kind}:${n.actor_username}:${n.comment}`)).toEqual([
      'comment:bobnote:@catnote and @CatNote, see @dannote. @nobodyhere',
      'comment:catnote:Agreed',
      'comment:bobnote:Lovely',
    ]);
    // Cat hears of the author's reply after her comment; Bob's last comment names her: a mention, not also a reply.
    const catSees = (await list(cat)).notifications.filter((n) => n.post_id === postid);
    expect(catSees.map((n) => `${n.kind}:${n.actor_username}`)).toEqual(['mention:bobnote', 'reply:annnote']);
    // Bob hears of Cat's reply and of Ann's: each person replying, once while unread (one line on the site).
    const bobSees = async () => (await list(bob)).notifications.filter((n) => n.post_id === postid).map((n) => `${n.kind}:${n.actor_username}`);
    expect(await bobSees()).toEqual(['reply:annnote', 'reply:catnote']);
    expect((await list(dan)).notifications.map((n) => `${n.kind}:${n.actor_username}`)).toEqual(['mention:bobnote']);

    await readAll(bob);
    await app.post('/api/post/addcomment', { postid, comment: 'Once he has read it, a new reply tells him again' }, dan.auth);
    expect(await bobSees()).toEqual(['reply:dannote', 'reply:annnote', 'reply:catnote']);

    const comments = (await app.post('/api/post/loadcomments', { postid })).body.comments as Array<{ comment: string; mentions: string[] }>;
    expect(comments.at(-2)!.mentions).toEqual(['catnote', 'dannote']);
    expect(comments[0].mentions).toEqual([]);
    await Promise.all([ann, bob, cat, dan].map(readAll));
  });

  it('tells an earlier commenter of every person replying after them, each once while unread (issue 26)', async () => {
    const zoe = await registerAccount(app, 'zoenote');
    const postid = await review('bobnote');
    await app.post('/api/post/addcomment', { postid, comment: 'My take' }, ann.auth);
    for (const [who, comment] of [
      [cat, 'First reply'],
      [dan, 'Second reply'],
      [cat, 'Cat again'],
      [zoe, 'Third person'],
    ] as const) {
      expect((await app.post('/api/post/addcomment', { postid, comment }, who.auth)).status).toBe(200);
    }
    const annSees = (await list(ann)).notifications.filter((n) => n.post_id === postid);
    expect(annSees.map((n) => `${n.kind}:${n.actor_username}:${n.comment}:${n.read}`)).toEqual([
      'reply:zoenote:Third person:false',
      'reply:dannote:Second reply:false',
      'reply:catnote:First reply:false',
    ]);
    expect(await unread(ann)).toBe(3);
    // Read, the next reply starts a new line.
    await readAll(ann);
    await app.post('/api/post/addcomment', { postid, comment: 'After she read' }, dan.auth);
    expect((await list(ann)).notifications.filter((n) => n.post_id === postid && !n.read).map((n) => `${n.actor_username}:${n.comment}`)).toEqual([
      'dannote:After she read',
    ]);
    await Promise.all([ann, bob, cat, dan, zoe].map(readAll));
  });

  it('tells the people a new review mentions and the place’s followers; an edit tells only the newly named', async () => {
    await app.post('/api/place/followestablishment', { establishment_id: placeId }, cat.auth);
    await app.post('/api/place/followestablishment', { establishment_id: placeId }, dan.auth);
    await app.post('/api/place/followestablishment', { establishment_id: placeId }, ann.auth);
    const postid = await postReview(ann, 'Came with @dannote, best mocha');
    const about = async (account: TestAccount) => (await list(account)).notifications.filter((n) => n.post_id === postid).map((n) => `${n.kind}:${n.actor_username}`);
    // Dan follows the place too: the mention tells him, the place review does not tell him again.
    expect(await about(dan)).toEqual(['mention:annnote']);
    expect((await list(cat)).notifications[0]).toMatchObject({ kind: 'place_review', actor_username: 'annnote', post_id: postid, establishment_name: 'Notify Cafe' });
    expect(await unread(ann)).toBe(0);

    const edit = (review: string) => app.trpc('mutation', 'post.update', { postid, order: 'Mocha', review, rating: 5 }, ann.auth);
    expect((await edit('Came with @dannote and @bobnote, @dannote loved it')).status).toBe(200);
    expect((await list(bob)).notifications[0]).toMatchObject({ kind: 'mention', actor_username: 'annnote', post_id: postid });
    expect(await about(dan)).toEqual(['mention:annnote']);
    const shown = (await app.post('/api/post/loadpost', { postid })).body.post;
    expect(shown.mentions).toEqual(['dannote', 'bobnote']);
    await edit('Came alone');
    expect((await app.post('/api/post/loadpost', { postid })).body.post.mentions).toEqual([]);
    await Promise.all([ann, bob, cat, dan].map(readAll));
  });

  it('takes a review’s or comment’s notifications away when it is deleted', async () => {
    const postid = await review('annnote');
    await app.post('/api/post/likepost', { postid }, bob.auth);
    await app.post('/api/post/addcomment', { postid, comment: 'Nice @catnote' }, bob.auth);
    expect(await unread(ann)).toBe(2);
    expect(await unread(cat)).toBe(1);
    expect((await app.post('/api/post/deletepost', { postid }, ann.auth)).status).toBe(200);
    expect(await unread(ann)).toBe(0);
    expect(await unread(cat)).toBe(0);
    expect(await app.data.select().from(notifications).where(eq(notifications.postId, postid))).toEqual([]);
  });

  it('marks only the caller’s own listed notifications read, or all; others’ ids are ignored', async () => {
    const postid = await review('bobnote');
    await app.post('/api/post/likepost', { postid }, ann.auth);
    await app.post('/api/post/likepost', { postid }, cat.auth);
    const bobs = (await list(bob)).notifications.filter((n) => !n.read) as Array<Listed & { notification_id: number }>;
    expect(bobs).toHaveLength(2);
    const annFollow = (await list(ann)).notifications[0] as Listed & { notification_id: number };
    await app.post('/api/post/likepost', { postid: await review('annnote') }, dan.auth);
    const annUnread = await unread(ann);
    // Bob sends Ann's id with one of his: his is marked, hers is not.
    const marked = await app.post('/api/notification/markread', { notification_ids: [bobs[0].notification_id, annFollow.notification_id] }, bob.auth);
    expect(marked.body).toEqual({ unread: 1 });
    expect(await unread(ann)).toBe(annUnread);
    expect((await app.trpc('mutation', 'notification.markRead', { all: true }, bob.auth)).data).toEqual({ unread: 0 });
    await readAll(ann);
  });

  it('pages by cursor over tRPC, newest first, with the unread count', async () => {
    const postid = await review('catnote');
    for (const account of [ann, bob, dan]) await app.post('/api/post/likepost', { postid }, account.auth);
    const first = await app.trpc('query', 'notification.list', { limit: 2 }, cat.auth);
    expect(first.data.notifications.map((n: Listed) => n.actor_username)).toEqual(['dannote', 'bobnote']);
    expect(first.data.unread).toBe(3);
    const second = await app.trpc('query', 'notification.list', { limit: 2, cursor: first.data.nextCursor }, cat.auth);
    expect(second.data.notifications[0].actor_username).toBe('annnote');
    expect((await app.post('/api/notification/list', { limit: 1, skip: 1 }, cat.auth)).body.notifications[0].actor_username).toBe('bobnote');
    expect((await app.trpc('query', 'notification.unreadCount', {}, cat.auth)).data).toEqual({ unread: 3 });
    await readAll(cat);
  });

  it('hides a deactivated person’s actions until they return', async () => {
    const eve = await registerAccount(app, 'evenote');
    const postid = await review('annnote');
    await app.post('/api/post/likepost', { postid }, eve.auth);
    await app.post('/api/user/followuser', { targetusername: 'annnote' }, eve.auth);
    expect(await unread(ann)).toBe(2);
    await app.post('/api/user/deactivateaccount', { password: eve.password }, eve.auth);
    expect(await unread(ann)).toBe(0);
    expect((await kinds(ann)).some((kind) => kind.endsWith(':evenote'))).toBe(false);
    await app.post('/api/user/authenticateuser', { email: eve.email, password: eve.password });
    expect(await unread(ann)).toBe(2);
  });
});
