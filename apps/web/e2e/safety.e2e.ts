import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, REPORT_REASON_LABELS, REPORT_REASONS, SAFETY_MESSAGES, SOCIAL_MESSAGES } from '@siplog/contracts';
import { ANN, BEN, DARK_MATTER, postJson, registerPerson, seedPlace, seedPosts, trpcQuery, type Person, type Session } from './fixtures';
import { expectAccessible, launchBrowser, OpenedContexts, PHONE, type RunningApp, signInContext, startApp } from './harness';

const DANA: Person = { email: 'dana.admin@example.com', firstname: 'Dana', lastname: 'Reyes', username: 'danareyes', password: 'Secret123' };
const CARLA: Person = { email: 'carla.diaz@example.com', firstname: 'Carla', lastname: 'Diaz', username: 'carladiaz', password: 'Secret123' };
const PLACE = { name: DARK_MATTER.name, city: DARK_MATTER.city };

interface StoredReport {
  report_id: number;
  kind: string;
  target_id: string;
  reason: string;
  note: string;
  reporter_username: string;
}

describe('Report and Block on the web (issue 17)', () => {
  let app: RunningApp;
  let browser: Browser;
  let dana: Session;
  let ann: Session;
  let ben: Session;
  let carla: Session;
  let placeId: number;
  let benReviewId: number;
  let annReviewId: number;
  let benCommentId: number;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: DANA.email, ADMIN_PATH: 'ops-safety' });
    browser = await launchBrowser();
    dana = await registerPerson(app.baseUrl, app.dataDir, DANA);
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    carla = await registerPerson(app.baseUrl, app.dataDir, CARLA);
    placeId = await seedPlace(app.dataDir, DARK_MATTER);
    [benReviewId] = await seedPosts(app.dataDir, BEN.username, [
      { order: 'Unicorn Blood espresso', review: 'Fruity and wild.', rating: 5, place: PLACE, minutesAgo: 5 },
    ]);
    [annReviewId] = await seedPosts(app.dataDir, ANN.username, [{ order: 'Oat cortado', review: 'Balanced and silky.', rating: 4, place: PLACE, minutesAgo: 60 }]);
    const comment = await postJson(app.baseUrl, '/api/post/addcomment', { postid: annReviewId, email: ben.email, comment: 'Nobody asked.' }, ben.token);
    if (comment.status !== 200) throw new Error(`comment failed: ${comment.status} ${JSON.stringify(comment.json)}`);
    benCommentId = comment.json.comment.comment_id;
  });

  afterEach(() => contexts.closeAll());

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const pageAs = async (session: Session | null, viewport?: { width: number; height: number }): Promise<Page> => {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  };
  const openReports = async (): Promise<StoredReport[]> => {
    const answer = await postJson(app.baseUrl, '/api/admin/reports', { status: 'open' }, dana.token);
    expect(answer.status).toBe(200);
    return answer.json.reports;
  };
  const openPost = async (page: Page, order: string): Promise<Locator> => {
    await page.goto(`/view/${placeId}`);
    await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('button', { name: new RegExp(`^${order} at `) }).click();
    const dialog = page.getByRole('dialog', { name: order });
    await dialog.waitFor();
    return dialog;
  };
  const openMenu = async (page: Page, where: Locator, name: string): Promise<Locator> => {
    const button = where.getByRole('button', { name });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu', { name });
    await menu.waitFor();
    return menu;
  };
  /** Fills the Report dialog: the reason, the note, then Send report; answers the dialog. */
  const sendReport = async (page: Page, title: string, reason: (typeof REPORT_REASONS)[number], note: string): Promise<Locator> => {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Send report' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: REPORT_REASON_LABELS[reason] }).check();
    expect(await send.isDisabled()).toBe(false);
    if (note) await dialog.getByRole('textbox', { name: /Anything an admin should know/ }).fill(note);
    await send.click();
    await dialog.getByRole('status').getByText(SAFETY_MESSAGES.reportThanks).waitFor();
    return dialog;
  };

  it('reports a review from its full post: the reasons in order, a live count, the thanks, and the report stored', async () => {
    const page = await pageAs(carla);
    const post = await openPost(page, 'Unicorn Blood espresso');
    // Escape closes the menu only: the review's dialog under it stays open.
    await openMenu(page, post, 'More actions for this review');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await post.isVisible()).toBe(true);
    const menu = await openMenu(page, post, 'More actions for this review');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Report']);
    await menu.getByRole('menuitem', { name: 'Report' }).click();

    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.waitFor();
    const radios = dialog.getByRole('radiogroup', { name: 'Why are you reporting this?' }).getByRole('radio');
    // The focus starts on the first reason (none is chosen for the person).
    await expect.poll(() => radios.first().evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await radios.first().isChecked()).toBe(false);
    expect(await radios.evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent?.trim()))).toEqual(
      REPORT_REASONS.map((reason) => REPORT_REASON_LABELS[reason]),
    );
    const note = dialog.getByRole('textbox', { name: /Anything an admin should know/ });
    await note.fill('Links to a shop.');
    expect(await dialog.textContent()).toContain(`16/${LIMITS.reportNoteMax}`);
    await note.fill('x'.repeat(LIMITS.reportNoteMax + 20));
    expect((await note.inputValue()).length).toBe(LIMITS.reportNoteMax);
    expect(await dialog.textContent()).toContain(`${LIMITS.reportNoteMax}/${LIMITS.reportNoteMax}`);
    await note.fill('');
    await expectAccessible(page, 'the Report dialog');
    // Escape closes the Report dialog only; Report again starts afresh.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await post.isVisible()).toBe(true);
    await (await openMenu(page, post, 'More actions for this review')).getByRole('menuitem', { name: 'Report' }).click();

    await sendReport(page, 'Report this review', 'spam', 'Every review links to the same shop.');
    expect(await dialog.getByRole('button', { name: 'Close' }).last().evaluate((node) => node === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // The report's dialog closed; the review stays open under it.
    expect(await post.isVisible()).toBe(true);

    const stored = (await openReports()).filter((report) => report.kind === 'post' && report.target_id === String(benReviewId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reason: 'spam', note: 'Every review links to the same shop.', reporter_username: CARLA.username });
  });

  it('reports a comment from its own menu, and offers no Report on one’s own review or comment', async () => {
    const page = await pageAs(ann);
    const post = await openPost(page, 'Oat cortado');
    // Ann's own review: Edit and Delete, no '…' menu.
    await post.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await post.getByRole('button', { name: 'More actions for this review' }).count()).toBe(0);
    const comments = post.getByRole('list', { name: 'Comments' });
    await comments.getByText('Nobody asked.').waitFor();
    const menu = await openMenu(page, comments, 'More actions for the comment by @benortiz');
    await menu.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = await sendReport(page, 'Report this comment', 'harassment', '');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    const stored = (await openReports()).filter((report) => report.kind === 'comment' && report.target_id === String(benCommentId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reason: 'harassment', note: '', reporter_username: ANN.username });

    // Ben sees his own comment without a menu, and Ann's review with one.
    const benPage = await pageAs(ben);
    const benPost = await openPost(benPage, 'Oat cortado');
    await benPost.getByRole('list', { name: 'Comments' }).getByText('Nobody asked.').waitFor();
    await benPost.getByRole('button', { name: 'More actions for this review' }).waitFor();
    expect(await benPost.getByRole('button', { name: /^More actions for the comment/ }).count()).toBe(0);
  });

  it('reports a profile from its menu with the keyboard; Escape closes the menu and gives the focus back', async () => {
    const page = await pageAs(carla);
    await page.goto(`/user/${BEN.username}`);
    const button = page.getByRole('button', { name: 'More actions for @benortiz' });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'More actions for @benortiz' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Report', 'Block']);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toBe('Report');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Block');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Report');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Block');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await page.keyboard.press('Enter');
    const dialog = await sendReport(page, 'Report @benortiz', 'other', 'Pretends to be a café owner.');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // The dialog gives the focus back to the '…' button.
    expect(await button.evaluate((node) => node === document.activeElement)).toBe(true);

    const stored = (await openReports()).filter((report) => report.kind === 'user' && report.target_id === BEN.username);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reason: 'other', note: 'Pretends to be a café owner.', reporter_username: CARLA.username });
  });

  it('shows a refusal in the dialog and keeps the note: a report on a review that is gone', async () => {
    const [doomed] = await seedPosts(app.dataDir, BEN.username, [{ order: 'Doomed latte', review: 'Soon gone.', rating: 3, place: PLACE, minutesAgo: 90 }]);
    const page = await pageAs(carla);
    const post = await openPost(page, 'Doomed latte');
    const deleted = await postJson(app.baseUrl, '/api/post/deletepost', { postid: doomed }, ben.token);
    expect(deleted.status).toBe(200);
    await (await openMenu(page, post, 'More actions for this review')).getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.off_topic }).check();
    const note = dialog.getByRole('textbox', { name: /Anything an admin should know/ });
    await note.fill('About a car wash.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(SAFETY_MESSAGES.reportTargetNotFound);
    expect(await note.inputValue()).toBe('About a car wash.');
    expect(await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.off_topic }).isChecked()).toBe(true);
  });

  it('asks a guest to log in instead of opening the Report dialog, and offers no Block', async () => {
    const page = await pageAs(null);
    await page.goto(`/user/${BEN.username}`);
    const menu = await openMenu(page, page.locator('main'), 'More actions for @benortiz');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Report']);
    await menu.getByRole('menuitem', { name: 'Report' }).click();
    const prompt = page.getByRole('dialog', { name: SOCIAL_MESSAGES.joinNow });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('dialog', { name: /^Report/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });

    const post = await openPost(page, 'Unicorn Blood espresso');
    await (await openMenu(page, post, 'More actions for this review')).getByRole('menuitem', { name: 'Report' }).click();
    await page.getByRole('dialog', { name: SOCIAL_MESSAGES.joinNow }).waitFor();
  });

  it('offers no menu on one’s own profile', async () => {
    const page = await pageAs(ben);
    await page.goto(`/user/${BEN.username}`);
    await page.getByRole('link', { name: 'Edit on My Log' }).waitFor();
    expect(await page.getByRole('button', { name: /^More actions for/ }).count()).toBe(0);
  });

  it('blocks from a profile: Yes/No first, then home without their reviews, their profile gone; Blocked people lists them and Unblock brings them back', async () => {
    const page = await pageAs(ann);
    await page.goto(`/user/${BEN.username}`);
    await (await openMenu(page, page.locator('main'), 'More actions for @benortiz')).getByRole('menuitem', { name: 'Block' }).click();
    const confirm = page.getByRole('dialog', { name: 'Block @benortiz?' });
    await confirm.waitFor();
    const explanation = await confirm.textContent();
    expect(explanation).toContain('won’t see each other’s reviews, comments or profile');
    expect(explanation).toContain('isn’t told');
    // No keeps things as they were.
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await trpcQuery(app.baseUrl, 'user.blocked', {}, ann.token)).json.result.data.users).toEqual([]);

    await (await openMenu(page, page.locator('main'), 'More actions for @benortiz')).getByRole('menuitem', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: 'Block @benortiz?' }).getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const done = page.getByRole('dialog', { name: 'Message' });
    await done.getByText('You blocked @benortiz.').waitFor();
    await done.getByRole('button', { name: 'Close' }).click();
    expect((await trpcQuery(app.baseUrl, 'user.blocked', {}, ann.token)).json.result.data.users).toEqual([BEN.username]);

    const feed = page.getByRole('list', { name: 'Recent reviews' });
    await feed.getByText('Oat cortado').waitFor();
    expect(await feed.getByText('Unicorn Blood espresso').count()).toBe(0);

    await page.goto(`/user/${BEN.username}`);
    await page.getByRole('heading', { name: 'No one here' }).waitFor();

    await page.goto('/mylog');
    await page.getByRole('button', { name: 'edit' }).click();
    await page.getByText('Blocked people', { exact: true }).click();
    const list = page.getByRole('list', { name: 'Blocked people' });
    await list.getByText('@benortiz').waitFor();
    await expectAccessible(page, 'Blocked people');
    await list.getByRole('button', { name: 'Unblock @benortiz' }).click();
    await page.getByRole('status').getByText('Unblocked @benortiz.').waitFor();
    await page.getByText('You haven’t blocked anyone.').waitFor();
    expect((await trpcQuery(app.baseUrl, 'user.blocked', {}, ann.token)).json.result.data.users).toEqual([]);

    await page.goto(`/user/${BEN.username}`);
    await page.getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    await page.goto('/');
    await page.getByRole('list', { name: 'Recent reviews' }).getByText('Unicorn Blood espresso').waitFor();
  });

  it("says \"You can't interact with this person.\" when a follow is refused after a block", async () => {
    const page = await pageAs(carla);
    await page.goto(`/user/${BEN.username}`);
    const follow = page.getByRole('button', { name: 'follow @benortiz', exact: true });
    await follow.waitFor();
    await expect.poll(() => follow.isDisabled()).toBe(false);
    // Ben blocks Carla while her page still shows his profile.
    expect((await postJson(app.baseUrl, '/api/user/blockuser', { targetusername: CARLA.username }, ben.token)).status).toBe(200);
    await follow.click();
    const warning = page.getByRole('dialog', { name: 'Warning' });
    await warning.getByText(SAFETY_MESSAGES.cannotInteract).waitFor();
    await postJson(app.baseUrl, '/api/user/unblockuser', { targetusername: CARLA.username }, ben.token);
  });

  it("tells the reporter 'Your report was reviewed' once an admin dealt with it, naming no one and linking nowhere", async () => {
    const reports = (await openReports()).filter((report) => report.reporter_username === CARLA.username);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    for (const report of reports) {
      expect((await postJson(app.baseUrl, '/api/admin/resolvereport', { report_id: report.report_id, action: 'dismiss' }, dana.token)).status).toBe(200);
    }
    const page = await pageAs(carla);
    await page.goto('/notifications');
    const lines = page.locator('li.notification').filter({ hasText: SAFETY_MESSAGES.reportReviewed });
    await lines.first().waitFor();
    // One line per reviewed report: never 'and N others'.
    expect(await lines.count()).toBe(reports.length);
    for (const text of await lines.locator('.notification__text').allTextContents()) expect(text.replace(/^New: /, '')).toBe(SAFETY_MESSAGES.reportReviewed);
    expect(await lines.getByRole('link').count()).toBe(0);
    expect(await lines.locator('img').count()).toBe(0);
  });

  it('fits the menu and the Report dialog on a 375 px screen', async () => {
    const page = await pageAs(carla, PHONE);
    await page.goto(`/user/${ANN.username}`);
    const menu = await openMenu(page, page.locator('main'), 'More actions for @annlee');
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await menu.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report @annlee' });
    await dialog.waitFor();
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await dialog.getByRole('button', { name: 'Send report' }).isVisible()).toBe(true);
  });
});
