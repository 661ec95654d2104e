import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { bearer, newClient, registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';
import { openUnreadStream, type UnreadStream } from '../../test/unread-stream';

const ADMIN_EMAIL = 'streamboss@example.com';

/**
 * Issue 26, 'the bell does not fall': every change to a person's unread count reaches their open pages, as a new
 * notification does — taking a like or a follow back, deleting a comment or a review, a block, and the people whose
 * actions counted leaving sight (deactivated, suspended, erased) or coming back.
 */
describe('the unread-count stream follows every change to the count', () => {
  let app: TestApp;
  let admin: TestAccount;
  let ann: TestAccount; // holds the page open
  let bob: TestAccount;
  let cat: TestAccount;
  let annReview: number;
  let stream: UnreadStream;

  const ok = async (path: string, body: unknown, who: TestAccount) => {
    const answer = await app.post(path, body, { ...newClient(), ...who.auth });
    expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const unreadOnServer = async () => (await app.post('/api/notification/unreadcount', {}, ann.auth)).body.unread as number;
  /** The server's count, and the stream saying it. */
  const expectUnread = async (unread: number) => {
    expect(await unreadOnServer()).toBe(unread);
    await stream.until(unread);
  };

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await registerAccount(app, 'streamboss', { email: ADMIN_EMAIL });
    [ann, bob, cat] = [await registerAccount(app, 'annstream'), await registerAccount(app, 'bobstream'), await registerAccount(app, 'catstream')];
    await insertEstablishment(app.data, { placeId: 'siplog:stream-cafe', name: 'Stream Cafe', lat: 30.2, lng: -97.7 });
    annReview = (await postReview(app, ann, { place_id: 'siplog:stream-cafe', establishment_name: 'Stream Cafe' })).body.post_id;
    stream = await openUnreadStream(app, ann.auth);
    await stream.until(0);
  });
  afterAll(async () => {
    await stream?.close();
    await app?.close();
  });

  it('falls when a like is taken back and a comment deleted (by its author, by the review’s author, by an admin)', async () => {
    await ok('/api/post/likepost', { postid: annReview }, bob);
    const byCat = (await ok('/api/post/addcomment', { postid: annReview, comment: 'Lovely crema' }, cat)).comment.comment_id;
    await expectUnread(2);
    await ok('/api/post/unlikepost', { postid: annReview }, bob);
    await expectUnread(1);
    await ok('/api/post/deletecomment', { comment_id: byCat }, cat);
    await expectUnread(0);

    const byBob = (await ok('/api/post/addcomment', { postid: annReview, comment: 'Too hot' }, bob)).comment.comment_id;
    await expectUnread(1);
    await ok('/api/post/deletecomment', { comment_id: byBob }, ann);
    await expectUnread(0);

    const reported = (await ok('/api/post/addcomment', { postid: annReview, comment: 'Buy followers' }, bob)).comment.comment_id;
    await expectUnread(1);
    const reportId = (await ok('/api/report/add', { kind: 'comment', target_id: reported, reason: 'spam' }, cat)).report_id;
    await ok('/api/admin/resolvereport', { report_id: reportId, action: 'remove' }, admin);
    await expectUnread(0);
  });

  it('falls when a follow is taken back, and when a review ann commented on is deleted', async () => {
    await ok('/api/user/followuser', { targetusername: 'annstream' }, bob);
    await expectUnread(1);
    await ok('/api/user/unfollowuser', { targetusername: 'annstream' }, bob);
    await expectUnread(0);

    const bobReview = (await postReview(app, bob, { place_id: 'siplog:stream-cafe', establishment_name: 'Stream Cafe' })).body.post_id;
    await ok('/api/post/addcomment', { postid: bobReview, comment: 'Where is this?' }, ann);
    await ok('/api/post/addcomment', { postid: bobReview, comment: 'Downtown' }, cat);
    await expectUnread(1); // cat's reply
    await ok('/api/post/deletepost', { postid: bobReview }, bob);
    await expectUnread(0);
  });

  it('falls and rises with a block and an unblock, either way', async () => {
    await ok('/api/post/likepost', { postid: annReview }, bob);
    await expectUnread(1);
    await ok('/api/user/blockuser', { targetusername: 'bobstream' }, ann);
    await expectUnread(0);
    await ok('/api/user/unblockuser', { targetusername: 'bobstream' }, ann);
    await expectUnread(1);
    await ok('/api/user/blockuser', { targetusername: 'annstream' }, bob);
    await expectUnread(0);
    await ok('/api/user/unblockuser', { targetusername: 'annstream' }, bob);
    await expectUnread(1);
  });

  it('falls and rises as the person who acted is deactivated and comes back, suspended and unsuspended, then erased', async () => {
    // bob's like is the one unread.
    await ok('/api/user/deactivateaccount', { password: bob.password }, bob);
    await expectUnread(0);
    const login = await app.post('/api/user/authenticateuser', { email: bob.email, password: bob.password }, newClient());
    expect(login.status).toBe(200);
    await expectUnread(1);

    await ok('/api/admin/suspenduser', { email: bob.email, reason: 'Spam' }, admin);
    await expectUnread(0);
    await ok('/api/admin/unsuspenduser', { email: bob.email }, admin);
    await expectUnread(1);

    // Back to a suspension-free bob, who now erases his account: his like goes with him.
    const relogin = await app.post('/api/user/authenticateuser', { email: bob.email, password: bob.password }, newClient());
    expect(relogin.status).toBe(200);
    await ok('/api/user/deleteaccount', { password: bob.password }, { ...bob, auth: bearer(relogin.body.token) });
    await expectUnread(0);
  });
});
