import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASON_LABELS, SAFETY_MESSAGES } from '@siplog/contracts';
import { ANN, BEN, DARK_MATTER, postJson, registerPerson, seedPlace, seedPosts, trpcQuery, type Person, type Session } from './fixtures';
import { expectAccessible, launchBrowser, OpenedContexts, PHONE, type RunningApp, signInContext, startApp } from './harness';

const DANA: Person = { email: 'dana.admin@example.com', firstname: 'Dana', lastname: 'Reyes', username: 'danareyes', password: 'Secret123' };
const CARLA: Person = { email: 'carla.diaz@example.com', firstname: 'Carla', lastname: 'Diaz', username: 'carladiaz', password: 'Secret123' };

/**
 * Issue 26: after Ann blocks Ben, Ben's comments on Ann's own review stay on her page, folded to 'Comment from
 * someone you blocked', to open, report and delete; Carla (a bystander) sees them as before.
 */
describe('a blocked person’s comments on one’s own review', () => {
  let app: RunningApp;
  let browser: Browser;
  let dana: Session;
  let ann: Session;
  let ben: Session;
  let carla: Session;
  let annReviewId: number;
  let benCommentId: number;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: DANA.email });
    browser = await launchBrowser();
    [dana, ann, ben, carla] = [
      await registerPerson(app.baseUrl, app.dataDir, DANA),
      await registerPerson(app.baseUrl, app.dataDir, ANN),
      await registerPerson(app.baseUrl, app.dataDir, BEN),
      await registerPerson(app.baseUrl, app.dataDir, CARLA),
    ];
    await seedPlace(app.dataDir, DARK_MATTER);
    [annReviewId] = await seedPosts(app.dataDir, ANN.username, [
      { order: 'Oat cortado', review: 'Balanced and silky.', rating: 4, place: { name: DARK_MATTER.name, city: DARK_MATTER.city }, minutesAgo: 60 },
    ]);
    const comment = async (who: Session, text: string) => {
      const answer = await postJson(app.baseUrl, '/api/post/addcomment', { postid: annReviewId, email: who.email, comment: text }, who.token);
      if (answer.status !== 200) throw new Error(`comment failed: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json.comment.comment_id as number;
    };
    benCommentId = await comment(ben, 'Nobody asked, @carladiaz.');
    await comment(carla, 'Looks lovely!');
    expect((await postJson(app.baseUrl, '/api/user/blockuser', { targetusername: BEN.username }, ann.token)).status).toBe(200);
  });
  afterEach(() => contexts.closeAll());
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const pageAs = async (session: Session, viewport?: { width: number; height: number }): Promise<Page> => {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  };
  const openReview = async (page: Page) => {
    await page.goto(`/post/${annReviewId}`);
    await page.getByRole('heading', { name: 'Oat cortado', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Comments' });
    await list.waitFor();
    return list;
  };

  it('shows them to the review’s author folded, to open and fold again, at 1280 and 375 px, accessibly', async () => {
    for (const viewport of [undefined, PHONE]) {
      const page = await pageAs(ann, viewport);
      const list = await openReview(page);
      const folded = list.getByRole('listitem').filter({ hasText: SAFETY_MESSAGES.blockedComment });
      expect(await list.getByRole('listitem').count()).toBe(2);
      expect(await folded.count()).toBe(1);
      const show = folded.getByRole('button', { name: 'Show' });
      expect(await show.getAttribute('aria-expanded')).toBe('false');
      expect(await folded.getByText('Nobody asked').isVisible()).toBe(false);
      expect(await list.getByRole('listitem').filter({ hasText: 'Looks lovely!' }).isVisible()).toBe(true);
      await expectAccessible(page, 'a folded comment');

      await show.click();
      const hide = folded.getByRole('button', { name: 'Hide' });
      expect(await hide.getAttribute('aria-expanded')).toBe('true');
      await folded.getByText('Nobody asked').waitFor();
      expect(await folded.getByRole('link', { name: '@benortiz' }).isVisible()).toBe(true);
      await expectAccessible(page, 'an unfolded comment');
      await hide.click();
      await folded.getByRole('button', { name: 'Show' }).waitFor();
      expect(await folded.getByText('Nobody asked').isVisible()).toBe(false);
    }
  });

  it('changes nothing for a bystander', async () => {
    const page = await pageAs(carla);
    const list = await openReview(page);
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Nobody asked'), expect.stringContaining('Looks lovely!')]);
    expect(await page.getByText(SAFETY_MESSAGES.blockedComment).count()).toBe(0);
  });

  it('lets the author report it and delete it from the folded line', async () => {
    const page = await pageAs(ann);
    const list = await openReview(page);
    const folded = list.getByRole('listitem').filter({ hasText: SAFETY_MESSAGES.blockedComment });

    const more = folded.getByRole('button', { name: 'More actions for the comment from someone you blocked' });
    await more.click();
    await page.getByRole('menu', { name: 'More actions for the comment from someone you blocked' }).getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.harassment }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('status').getByText(SAFETY_MESSAGES.reportThanks).waitFor();
    // Its own Close button (the title row has a × of the same name).
    await dialog.locator('.report-dialog__actions').getByRole('button', { name: 'Close' }).click();
    const reports = (await postJson(app.baseUrl, '/api/admin/reports', { status: 'open' }, dana.token)).json.reports;
    expect(reports).toEqual([expect.objectContaining({ kind: 'comment', target_id: String(benCommentId), reporter_username: ANN.username, reason: 'harassment' })]);

    await folded.getByRole('button', { name: 'Delete the comment by someone you blocked' }).click();
    await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Yes' }).click();
    await folded.waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    const forGuests = (await trpcQuery(app.baseUrl, 'post.comments', { postid: annReviewId })).json.result.data.comments;
    expect(forGuests.map((comment: { username: string }) => comment.username)).toEqual([CARLA.username]);
  });
});
