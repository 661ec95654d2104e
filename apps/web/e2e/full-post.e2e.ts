import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddressLine, formatPostDate, POST_MESSAGES, REVIEW_MESSAGES, SOCIAL_MESSAGES } from '@siplog/contracts';
import { DESKTOP, launchBrowser, openPage, PHONE, type RunningApp, signInContext, startApp } from './harness';
import { ANN, BEN, DARK_MATTER, postJson, registerPerson, seedPlace, seedPosts, storePhotos, trpcQuery, type Session } from './fixtures';

const PLACE = { name: DARK_MATTER.name, city: DARK_MATTER.city };

describe('the full post: modal, /post/{id}, likes, comments, share, edit and delete', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  let ben: Session;
  let placeId: number;
  let cortadoId: number;
  let doomedId: number;
  let pageDoomedId: number;
  let espressoId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    const photos = await storePhotos(app.dataDir, 6);
    placeId = await seedPlace(app.dataDir, DARK_MATTER);
    [cortadoId, doomedId, pageDoomedId] = await seedPosts(app.dataDir, ANN.username, [
      { order: 'Oat cortado', review: 'Balanced and silky.', rating: 4, place: PLACE, images: [photos[0], photos[1]], minutesAgo: 60 },
      { order: 'Cold brew to delete', review: 'Gone soon.', rating: 2, place: PLACE, images: [photos[2]], minutesAgo: 90 },
      { order: 'Mocha deleted from its page', review: 'Gone too.', rating: 3, place: PLACE, images: [photos[3]], minutesAgo: 120 },
    ]);
    [espressoId] = await seedPosts(app.dataDir, BEN.username, [
      { order: 'Unicorn Blood espresso', review: 'Fruity and <b>wild</b>.', rating: 5, place: PLACE, images: [photos[4]], minutesAgo: 5 },
    ]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  /** A fresh browser context signed in as `session` (or a guest), its storage set before any script runs. */
  const pageAs = async (session: Session | null, viewport = DESKTOP): Promise<Page> => {
    const { context, page } = await openPage(browser, app.baseUrl, viewport);
    contexts.push(context);
    await signInContext(context, session);
    return page;
  };
  const openFromPlace = async (page: Page, order: string): Promise<Locator> => {
    await page.goto(`/view/${placeId}`);
    await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('button', { name: new RegExp(`^${order} at `) }).click();
    const dialog = page.getByRole('dialog', { name: order });
    await dialog.waitFor();
    return dialog;
  };
  const openFromProfile = async (page: Page, path: string, order: string): Promise<Locator> => {
    await page.goto(path);
    await page.getByRole('list', { name: 'Recent Orders' }).getByRole('button', { name: new RegExp(`^${order} at `) }).click();
    const dialog = page.getByRole('dialog', { name: order });
    await dialog.waitFor();
    return dialog;
  };
  const postOnServer = async (postid: number) => (await trpcQuery(app.baseUrl, 'post.byId', { postid })).json?.result?.data?.post;
  const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const boxOverflow = (element: Locator) => element.evaluate((node) => node.scrollWidth - node.clientWidth);

  it('opens a review from a place page: author, stars, photos, place and address, date, likes and its text as text', async () => {
    const page = await pageAs(null);
    const dialog = await openFromPlace(page, 'Unicorn Blood espresso');
    const author = dialog.getByRole('link', { name: '@benortiz' });
    expect(await author.getAttribute('href')).toBe('/user/benortiz');
    expect(await dialog.locator('img[src="/api/showimage/profileimage/benortiz?size=thumb"]').count()).toBe(1);
    expect(await dialog.getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(1);
    const photos = dialog.getByRole('group', { name: 'Photos of Unicorn Blood espresso' });
    expect(await photos.locator('img').getAttribute('src')).toMatch(/^\/api\/showimage\/image\/postimages\/[a-f0-9]{32}\.webp$/);
    expect(await dialog.getByRole('link', { name: DARK_MATTER.name }).getAttribute('href')).toBe(`/view/${placeId}`);
    const text = await dialog.textContent();
    expect(text).toContain(formatAddressLine(DARK_MATTER));
    expect(text).toContain(formatPostDate(new Date()));
    expect(text).toContain('Fruity and <b>wild</b>.');
    expect(await dialog.locator('b').count()).toBe(0);
    expect(await dialog.getByLabel('0 likes').textContent()).toBe('0 likes');
    expect(await dialog.getByRole('link', { name: 'Share this review' }).getAttribute('href')).toBe(`/post/${espressoId}`);
    await dialog.getByRole('region', { name: 'Comments' }).getByText('No comments yet.').waitFor();
  });

  it("shows a guest 'LOGIN to add a comment' and 'Join Now!' for a like, never a follow, Edit or Delete button", async () => {
    const page = await pageAs(null);
    const dialog = await openFromPlace(page, 'Oat cortado');
    expect(await dialog.getByRole('link', { name: SOCIAL_MESSAGES.loginToComment }).getAttribute('href')).toBe('/login');
    expect(await dialog.getByRole('textbox', { name: 'Add a comment' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^(un)?follow @/ }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^(Edit|Delete)$/ }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Like' }).click();
    const prompt = page.getByRole('dialog', { name: SOCIAL_MESSAGES.joinNow });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    // Escape closes the prompt only; the post stays open under it.
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect((await postOnServer(cortadoId)).likes).toBe(0);

    await dialog.getByRole('button', { name: 'Like' }).click();
    await prompt.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('opens a review from a profile carousel, photos one at a time, with a follow button but no Edit or Delete for another person', async () => {
    const page = await pageAs(ben);
    const dialog = await openFromProfile(page, `/user/${ANN.username}`, 'Oat cortado');
    await dialog.getByRole('button', { name: 'follow @annlee', exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: /^(Edit|Delete)$/ }).count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: 'Add a comment' }).isVisible()).toBe(true);

    const photos = dialog.getByRole('group', { name: 'Photos of Oat cortado' });
    expect(await photos.getByRole('button', { name: /^Show photo/ }).count()).toBe(2);
    await photos.getByRole('button', { name: 'Next photo' }).click();
    expect(await photos.getByRole('button', { name: 'Show photo 2' }).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => photos.getByRole('button', { name: 'Next photo' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('likes once for a double click and shows the server count, then unlikes', async () => {
    const page = await pageAs(ben);
    const dialog = await openFromProfile(page, `/user/${ANN.username}`, 'Oat cortado');
    const like = dialog.getByRole('button', { name: 'Like' });
    await expect.poll(() => like.getAttribute('aria-disabled')).toBe('false');
    expect(await like.getAttribute('aria-pressed')).toBe('false');

    const likeCalls: string[] = [];
    page.on('request', (request) => {
      if (/[/,]post\.(un)?like(,|$)/.test(new URL(request.url()).pathname)) likeCalls.push(request.url());
    });
    await like.dblclick();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.getAttribute('aria-disabled')).toBe('false');
    await dialog.getByLabel('1 like', { exact: true }).waitFor();
    expect(likeCalls.length).toBe(1);
    expect((await postOnServer(cortadoId)).likes).toBe(1);

    await like.click();
    await dialog.getByLabel('0 likes', { exact: true }).waitFor();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(likeCalls.length).toBe(2);
    expect((await postOnServer(cortadoId)).likes).toBe(0);
  });

  it('puts the like back when the server fails, and counts nothing', async () => {
    const page = await pageAs(ben);
    const dialog = await openFromProfile(page, `/user/${ANN.username}`, 'Oat cortado');
    const like = dialog.getByRole('button', { name: 'Like' });
    await expect.poll(() => like.getAttribute('aria-disabled')).toBe('false');
    await page.route(/\/trpc\/[^?]*post\.like/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '[]' }));
    await like.click();
    await expect.poll(() => like.getAttribute('aria-disabled')).toBe('false');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await dialog.getByLabel('0 likes', { exact: true }).waitFor();
    await page.unroute(/\/trpc\/[^?]*post\.like/);
  });

  it('adds comments: the box clears, the new one comes last, HTML shows as text; an empty one is refused', async () => {
    const page = await pageAs(ben);
    const dialog = await openFromPlace(page, 'Oat cortado');
    const box = dialog.getByRole('textbox', { name: 'Add a comment' });
    const post = dialog.getByRole('button', { name: 'Post', exact: true });
    const list = dialog.getByRole('list', { name: 'Comments' });

    await post.click();
    expect(await dialog.getByRole('alert').textContent()).toBe(POST_MESSAGES.enterComment);

    await box.fill('Looks great!');
    await post.click();
    await list.getByRole('listitem').filter({ hasText: 'Looks great!' }).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await dialog.getByRole('alert').count()).toBe(0);

    const html = '<img src=x onerror="window.pwned=1"><b>bold</b> move';
    await box.fill(html);
    await box.press('Enter');
    await list.getByRole('listitem').nth(1).waitFor();
    expect(await box.inputValue()).toBe('');
    const last = list.getByRole('listitem').last();
    expect(await last.textContent()).toContain(html);
    expect(await last.getByRole('link', { name: '@benortiz' }).getAttribute('href')).toBe('/user/benortiz');
    expect(await list.locator('b, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    const answer = await trpcQuery(app.baseUrl, 'post.comments', { postid: cortadoId });
    expect(answer.json.result.data.comments.map((comment: { comment: string }) => comment.comment)).toEqual(['Looks great!', html]);
  });

  it("deletes a comment after Yes (No keeps it): its author's and the review author's own, nobody else's", async () => {
    for (const comment of ['Ben may delete this', 'Ann may delete this']) {
      expect((await postJson(app.baseUrl, '/api/post/addcomment', { postid: cortadoId, comment }, ben.token)).status).toBe(200);
    }
    const commentsOnServer = async () =>
      (await trpcQuery(app.baseUrl, 'post.comments', { postid: cortadoId })).json.result.data.comments.map((c: { comment: string }) => c.comment);
    const guest = await openFromPlace(await pageAs(null), 'Oat cortado');
    await guest.getByRole('list', { name: 'Comments' }).getByText('Ann may delete this').waitFor();
    expect(await guest.getByRole('button', { name: /^Delete the comment/ }).count()).toBe(0);

    const page = await pageAs(ben);
    const dialog = await openFromPlace(page, 'Oat cortado');
    const mine = dialog.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: 'Ben may delete this' });
    await mine.getByRole('button', { name: 'Delete the comment by benortiz' }).click();
    await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'No' }).click();
    expect(await mine.count()).toBe(1);
    await mine.getByRole('button', { name: 'Delete the comment by benortiz' }).click();
    await page.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Yes' }).click();
    await mine.waitFor({ state: 'detached' });
    expect(await commentsOnServer()).not.toContain('Ben may delete this');

    // Ann wrote the review: she may delete Ben's comment on it too.
    const annPage = await pageAs(ann);
    const annDialog = await openFromPlace(annPage, 'Oat cortado');
    const his = annDialog.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: 'Ann may delete this' });
    await his.getByRole('button', { name: 'Delete the comment by benortiz' }).click();
    await annPage.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Yes' }).click();
    await his.waitFor({ state: 'detached' });
    expect(await commentsOnServer()).not.toContain('Ann may delete this');
  });

  it("copies the review's link, which opens the same review on its own page", async () => {
    const page = await pageAs(null);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    // A desktop without the Web Share API: the link is copied.
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    const dialog = await openFromPlace(page, 'Oat cortado');
    await dialog.getByRole('link', { name: 'Share this review' }).click();
    await dialog.getByRole('status').getByText('Link copied').waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(`${app.baseUrl}/post/${cortadoId}`);
    expect(await dialog.isVisible()).toBe(true);

    const other = await page.context().newPage();
    const response = await other.goto(url);
    expect(response?.status()).toBe(200);
    await other.getByRole('heading', { name: 'Oat cortado', level: 1 }).waitFor();
    await expect.poll(() => other.title()).toBe(`Oat cortado at ${DARK_MATTER.name} · Siplog`);
    expect(await other.getByRole('link', { name: '@annlee' }).getAttribute('href')).toBe('/user/annlee');
    await other.getByRole('list', { name: 'Comments' }).getByText('Looks great!').waitFor();
    expect(await other.getByRole('link', { name: SOCIAL_MESSAGES.loginToComment }).isVisible()).toBe(true);
  });

  it('hands the link to the share sheet where the browser has one', async () => {
    const page = await pageAs(null);
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    const dialog = await openFromPlace(page, 'Unicorn Blood espresso');
    await dialog.getByRole('link', { name: 'Share this review' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([{ title: `Unicorn Blood espresso at ${DARK_MATTER.name}`, url: `${app.baseUrl}/post/${espressoId}` }]);
    expect(await dialog.getByText('Link copied').count()).toBe(0);
  });

  it("edits one's own review in place: empty fields get the spec's messages, Cancel keeps it, Save changes it everywhere", async () => {
    const page = await pageAs(ann);
    let dialog = await openFromProfile(page, '/mylog', 'Oat cortado');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const form = dialog.getByRole('form', { name: 'Edit your review' });
    const order = form.getByLabel('Order', { exact: true });
    const review = form.getByLabel('Review', { exact: true });
    expect(await order.inputValue()).toBe('Oat cortado');
    expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);

    await order.fill('   ');
    await review.fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    const alerts = await form.getByRole('alert').allTextContents();
    expect(alerts).toEqual([REVIEW_MESSAGES.enterOrder, REVIEW_MESSAGES.enterReview]);

    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await dialog.getByRole('heading', { name: 'Oat cortado' }).isVisible()).toBe(true);
    expect((await postOnServer(cortadoId)).order).toBe('Oat cortado');

    await dialog.getByRole('button', { name: 'Edit' }).click();
    await order.fill('Oat cortado, extra hot');
    await review.fill('Even better hot.');
    // A person clicks the second star (the radio inside it is hidden).
    await form.locator('label', { has: page.getByRole('radio', { name: '2 stars' }) }).click();
    expect(await form.getByRole('radio', { name: '2 stars' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    dialog = page.getByRole('dialog', { name: 'Oat cortado, extra hot' });
    await dialog.getByRole('status').getByText(POST_MESSAGES.updated).waitFor();
    expect(await dialog.getByRole('heading', { name: 'Oat cortado, extra hot' }).isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Even better hot.');
    expect(await dialog.getByRole('img', { name: '2 out of 5 stars' }).count()).toBe(1);
    const saved = await postOnServer(cortadoId);
    expect([saved.order, saved.review, saved.rating]).toEqual(['Oat cortado, extra hot', 'Even better hot.', '2']);

    // The carousel behind the post shows the new order once it is closed.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('list', { name: 'Recent Orders' }).getByRole('button', { name: /^Oat cortado, extra hot at / }).waitFor();
  });

  it("deletes one's own review after Yes (No keeps it), closes it, and the lists no longer show it", async () => {
    const page = await pageAs(ann);
    const dialog = await openFromProfile(page, '/mylog', 'Cold brew to delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete this review?' });
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await postOnServer(doomedId)).toBeTruthy();

    await dialog.getByRole('button', { name: 'Delete' }).click();
    confirm = page.getByRole('dialog', { name: 'Delete this review?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const message = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Message', exact: true }) });
    expect(await message.textContent()).toContain(POST_MESSAGES.deleted);
    await message.getByRole('button', { name: 'Close' }).click();
    await message.waitFor({ state: 'detached' });

    const recent = page.getByRole('list', { name: 'Recent Orders' });
    await expect.poll(() => recent.getByRole('button', { name: /^Cold brew to delete at / }).count()).toBe(0);
    expect((await trpcQuery(app.baseUrl, 'post.byId', { postid: doomedId })).status).toBe(404);
  });

  it('deletes a review from its own page and goes to My Log', async () => {
    const page = await pageAs(ann);
    await page.goto(`/post/${pageDoomedId}`);
    await page.getByRole('heading', { name: 'Mocha deleted from its page', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this review?' }).getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/mylog');
    const message = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Message', exact: true }) });
    await message.getByText(POST_MESSAGES.deleted).waitFor();
    expect((await trpcQuery(app.baseUrl, 'post.byId', { postid: pageDoomedId })).status).toBe(404);
  });

  it('shows not found for a review that does not exist and for an address that is no review id', async () => {
    const page = await pageAs(null);
    // 404 from the server too (issue 19: a link to a review that does not exist unfurls as nothing), with the app.
    const response = await page.goto('/post/999999');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'We could not find this review', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Review not found · Siplog');
    expect(await page.getByRole('link', { name: 'Back to the map' }).getAttribute('href')).toBe('/');

    await page.goto('/post/not-a-number');
    await page.getByRole('heading', { name: 'We could not find this review', level: 1 }).waitFor();
    expect((await page.goto('/post/1/extra'))?.status()).toBe(404);
  });

  it('fits 375 px: the modal is a full-screen sheet and the page has no sideways scrolling', async () => {
    const page = await pageAs(ben, PHONE);
    const dialog = await openFromPlace(page, 'Unicorn Blood espresso');
    await dialog.getByRole('textbox', { name: 'Add a comment' }).waitFor();
    const box = await dialog.boundingBox();
    expect(box && [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)]).toEqual([0, 0, PHONE.width, PHONE.height]);
    expect(await boxOverflow(dialog.locator('article'))).toBeLessThanOrEqual(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The comment box stays in the sheet's view.
    const comment = await dialog.getByRole('textbox', { name: 'Add a comment' }).boundingBox();
    expect(comment!.y + comment!.height).toBeLessThanOrEqual(PHONE.height);

    await page.goto(`/post/${espressoId}`);
    await page.getByRole('heading', { name: 'Unicorn Blood espresso', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Comments' }).or(page.getByText('No comments yet.')).first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});
