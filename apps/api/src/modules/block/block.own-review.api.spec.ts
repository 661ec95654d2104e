import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';

interface Comment {
  comment_id: number;
  username: string;
  blocked?: boolean;
}

/**
 * Issue 26: a block hides each person's comments from the other, but the author of a review must still be able to
 * clean it up, so on their own review they get the comments of people they blocked, marked `blocked` (the web app
 * folds them), and can delete and report them. Nobody else's view changes.
 */
describe('a blocker’s own review keeps the comments of people they blocked, marked', () => {
  let app: TestApp;
  let ann: TestAccount; // the review's author; blocks bob
  let bob: TestAccount;
  let cat: TestAccount; // a bystander
  let dan: TestAccount; // blocks ann
  let annReview: number;
  let catReview: number;
  let bobsComment: number;

  const rest = async (who: TestAccount | null, postid: number): Promise<Comment[]> => {
    const answer = await app.post('/api/post/loadcomments', { postid }, who?.auth);
    expect(answer.status).toBe(200);
    return answer.body.comments;
  };
  const trpc = async (who: TestAccount | null, postid: number): Promise<Comment[]> => (await app.trpc('query', 'post.comments', { postid }, who?.auth)).data.comments;
  const summary = (list: Comment[]) => list.map((comment) => `${comment.username}${'blocked' in comment ? `:blocked=${comment.blocked}` : ''}`);

  beforeAll(async () => {
    app = await startTestApp();
    [ann, bob, cat, dan] = [
      await registerAccount(app, 'annown'),
      await registerAccount(app, 'bobown'),
      await registerAccount(app, 'catown'),
      await registerAccount(app, 'danown'),
    ];
    await insertEstablishment(app.data, { placeId: 'siplog:own-cafe', name: 'Own Cafe', lat: 30.2, lng: -97.7 });
    annReview = (await postReview(app, ann, { place_id: 'siplog:own-cafe', establishment_name: 'Own Cafe' })).body.post_id;
    catReview = (await postReview(app, cat, { place_id: 'siplog:own-cafe', establishment_name: 'Own Cafe' })).body.post_id;
    const comment = async (postid: number, who: TestAccount, text: string) =>
      (await app.post('/api/post/addcomment', { postid, comment: text }, who.auth)).body.comment.comment_id as number;
    bobsComment = await comment(annReview, bob, 'Worst review ever, @catown agrees');
    await comment(annReview, cat, 'Looks great');
    await comment(annReview, dan, 'Nice');
    await comment(catReview, bob, 'Hi cat');
    expect((await app.post('/api/user/blockuser', { targetusername: 'bobown' }, ann.auth)).status).toBe(200);
    expect((await app.post('/api/user/blockuser', { targetusername: 'annown' }, dan.auth)).status).toBe(200);
  });
  afterAll(() => app.close());

  it('lists them to the review’s author, marked blocked: true, over REST and tRPC', async () => {
    for (const read of [rest, trpc]) expect(summary(await read(ann, annReview))).toEqual(['bobown:blocked=true', 'catown']);
    const bobs = (await rest(ann, annReview))[0]!;
    // The text is there to unfold; names of people hidden from the author are not linked.
    expect(bobs).toMatchObject({ comment_id: bobsComment, comment: 'Worst review ever, @catown agrees', mentions: ['catown'] });
  });

  it('changes nothing for anyone else: the blocked, bystanders, guests, and the author elsewhere', async () => {
    for (const read of [rest, trpc]) {
      expect(summary(await read(cat, annReview))).toEqual(['bobown', 'catown', 'danown']);
      expect(summary(await read(null, annReview))).toEqual(['bobown', 'catown', 'danown']);
      // On someone else's review, the blocked person's comments stay hidden from ann.
      expect(summary(await read(ann, catReview))).toEqual([]);
    }
    expect((await app.post('/api/post/loadcomments', { postid: annReview }, bob.auth)).status).toBe(404);
    expect((await app.post('/api/post/loadcomments', { postid: annReview }, dan.auth)).status).toBe(404);
  });

  it('lets the author report and delete them; then they are gone for everyone', async () => {
    const reported = await app.post('/api/report/add', { kind: 'comment', target_id: bobsComment, reason: 'harassment' }, ann.auth);
    expect(reported.body).toEqual({ status: 200, report_id: expect.any(Number) });
    expect((await app.post('/api/post/deletecomment', { comment_id: bobsComment }, ann.auth)).body).toEqual({ status: 200 });
    expect(summary(await rest(ann, annReview))).toEqual(['catown']);
    expect(summary(await rest(null, annReview))).toEqual(['catown', 'danown']);
  });

  it('stops marking them once unblocked', async () => {
    await app.post('/api/post/addcomment', { postid: catReview, comment: 'Still here' }, bob.auth);
    expect((await app.post('/api/user/unblockuser', { targetusername: 'bobown' }, ann.auth)).status).toBe(200);
    expect(summary(await rest(ann, catReview))).toEqual(['bobown', 'bobown']);
    expect(summary(await rest(ann, annReview))).toEqual(['catown']);
  });
});
