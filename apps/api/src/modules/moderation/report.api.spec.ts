import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEstablishment, reports } from '@siplog/db';
import { registerAccount, type TestAccount } from '../../test/accounts';
import { postReview } from '../../test/reviews';
import { startTestApp, type TestApp } from '../../test/test-app';

/** Issue 26: blocking is the natural first reaction to harassment, so reporting must still work after it; and only accepted reports count. */
describe('reporting after a block, and the hourly budget', () => {
  let app: TestApp;
  let ann: TestAccount; // blocks bob, then reports him
  let bob: TestAccount;
  let cat: TestAccount;
  let annReview: number;
  let bobReview: number;
  let catReview: number;

  const report = (who: TestAccount, body: Record<string, unknown>) => app.post('/api/report/add', { reason: 'harassment', ...body }, who.auth);
  const commentOn = async (postid: number, who: TestAccount, comment: string): Promise<number> =>
    (await app.post('/api/post/addcomment', { postid, comment }, who.auth)).body.comment.comment_id;

  beforeAll(async () => {
    app = await startTestApp();
    [ann, bob, cat] = [await registerAccount(app, 'annreport'), await registerAccount(app, 'bobreport'), await registerAccount(app, 'catreport')];
    await insertEstablishment(app.data, { placeId: 'siplog:report-cafe', name: 'Report Cafe', lat: 30.2, lng: -97.7 });
    [annReview, bobReview, catReview] = await Promise.all(
      [ann, bob, cat].map(async (who) => (await postReview(app, who, { place_id: 'siplog:report-cafe', establishment_name: 'Report Cafe' })).body.post_id as number),
    );
  });
  afterAll(() => app.close());

  it('takes reports of a blocked person’s comments, review and profile, from either side of the block', async () => {
    const onAnns = await commentOn(annReview, bob, 'You know nothing about coffee');
    const onCats = await commentOn(catReview, bob, '@annreport is a fraud');
    const onOwn = await commentOn(bobReview, bob, 'Ann, stay away');
    expect((await app.post('/api/user/blockuser', { targetusername: 'bobreport' }, ann.auth)).status).toBe(200);
    // Hidden from ann now, and still hers to report.
    expect((await app.post('/api/post/loadpost', { postid: bobReview }, ann.auth)).status).toBe(404);
    const targets = [
      { kind: 'comment', target_id: onAnns },
      { kind: 'comment', target_id: onCats },
      { kind: 'comment', target_id: String(onOwn) },
      { kind: 'post', target_id: bobReview },
      { kind: 'user', target_id: 'BobReport' },
    ];
    for (const target of targets) {
      const answer = await report(ann, target);
      expect(answer.status, JSON.stringify(target)).toBe(200);
      expect(answer.body).toEqual({ status: 200, report_id: expect.any(Number) });
    }
    expect((await app.trpc('mutation', 'report.add', { kind: 'comment', target_id: onAnns, reason: 'other' }, ann.auth)).data).toEqual({
      status: 200,
      report_id: expect.any(Number),
    });
    // The blocked person can report the blocker too (they may not even know of the block).
    expect((await report(bob, { kind: 'post', target_id: annReview })).status).toBe(200);
    expect(await app.data.select().from(reports)).toHaveLength(targets.length + 1);
  });

  it('spends the budget only on accepted reports: unknown targets, one’s own and bad ids cost nothing', async () => {
    const reporter = await registerAccount(app, 'refusedrep');
    const own = await commentOn(catReview, reporter, 'mine');
    for (let i = 0; i < 25; i++) {
      const target = [
        { kind: 'post', target_id: 999_000 + i },
        { kind: 'comment', target_id: 999_000 + i },
        { kind: 'user', target_id: `nobody-${i}` },
        { kind: 'comment', target_id: own },
        { kind: 'post', target_id: 'not-an-id' },
      ][i % 5]!;
      expect((await report(reporter, target)).status, JSON.stringify(target)).toBeOneOf([400, 404]);
    }
    expect((await report(reporter, { kind: 'post', target_id: catReview })).status).toBe(200);
  });

  it('refuses the 21st accepted report in an hour, even when they arrive at once', async () => {
    const reporter = await registerAccount(app, 'busyreport');
    const answers = await Promise.all(Array.from({ length: 26 }, () => report(reporter, { kind: 'user', target_id: 'catreport' })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    // Refused or not, a report over the budget stays refused, and an unknown target still answers 404.
    expect((await report(reporter, { kind: 'post', target_id: catReview })).status).toBe(429);
    expect((await report(reporter, { kind: 'post', target_id: 999_999 })).status).toBe(404);
  });
});
