import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPostDate, GENDER_PLACEHOLDER, LIMITS, PROFILE_MESSAGES } from '@siplog/contracts';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './harness';
import { ANN, BEN, followPlace, makePng, registerPerson, seedPosts, storeImage, trpcQuery, type Session } from './fixtures';

const PNG = await makePng(64);

describe('profiles: /mylog, /user/{username}, /user/name/{name}', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ann: Session;
  let ben: Session;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    const photo = await storeImage(app.dataDir, PNG);
    await seedPosts(app.dataDir, ANN.username, [
      {
        order: 'Brown sugar boba, 50% sweet',
        review: 'Warm chewy pearls.',
        rating: 3,
        place: { name: 'Tapioca House', city: 'Austin' },
        images: [photo],
        minutesAgo: 5,
        likes: 2,
      },
      { order: 'Iced oat latte', review: 'Silky and strong.', rating: 5, place: { name: 'Zhi Tea', city: 'Austin' }, minutesAgo: 60 },
    ]);
    await followPlace(app.dataDir, ANN.username, 'Zhi Tea');
    ({ page } = await openPage(browser, app.baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const signIn = async (target: Page, session: Session | Record<string, unknown> | null) => {
    await target.evaluate((value) => {
      if (value) localStorage.setItem('user', JSON.stringify(value));
      else localStorage.removeItem('user');
    }, session);
  };
  const storedSession = () => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as Session | null);

  /** The generic message dialog with this title; answers its text and closes it. */
  const expectMessage = async (title: string, body: string) => {
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(body);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  const card = () => page.getByRole('region', { name: /^Profile of / });
  const statButton = (label: string) => card().getByRole('button', { name: new RegExp(`^\\S+ ${label}$`) });
  /** The public profile's review count, shown as "N Activity" (spec §2 Public profile). */
  const activityStat = () => card().getByRole('list', { name: 'Profile counts' }).getByRole('listitem').first();
  const expectActivity = async (count: number) => {
    expect(await activityStat().isVisible()).toBe(true);
    expect(await activityStat().innerText()).toMatch(new RegExp(`^${count}\\s+Activity$`));
    expect(await activityStat().getAttribute('title')).toBe(`${count} drinks reviewed`);
    expect(await card().textContent()).not.toContain('drinks reviewed');
  };
  const avatarImage = (): Locator => card().locator('img[src*="/api/showimage/image/profileimages/"]');

  it('sends a visitor without a session from /mylog to /login', async () => {
    await page.goto('/mylog');
    await page.waitForURL('**/login');
  });

  it('shows the profile card, counts and both carousels on /mylog', async () => {
    await signIn(page, ann);
    await page.goto('/mylog');
    await card().getByRole('heading', { name: 'Ann Lee', level: 1 }).waitFor();
    expect(await page.title()).toBe('My Log · Siplog');
    const text = await card().textContent();
    expect(text).toContain('@annlee');
    expect(text).toContain('2 drinks reviewed');
    expect(text).not.toContain('Activity');
    expect(text).toContain('Current Favorite Order');
    expect(await statButton('followers').textContent()).toBe('0 followers');
    expect(await statButton('following').textContent()).toBe('1 following'); // the followed place
    // No picture yet: an upload control on a round placeholder.
    expect(await card().getByText('Add photo').isVisible()).toBe(true);
    expect(await card().getByLabel('Upload a profile photo').count()).toBe(1);

    const fiveStar = page.getByRole('list', { name: '5 Star Orders' });
    const recent = page.getByRole('list', { name: 'Recent Orders' });
    await recent.getByRole('listitem').nth(1).waitFor();
    expect(await fiveStar.getByRole('listitem').count()).toBe(1);
    expect(await recent.getByRole('listitem').count()).toBe(2);
    const firstCard = recent.getByRole('listitem').first();
    const box = await firstCard.boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([200, 250]);
    expect(await firstCard.locator('img').getAttribute('src')).toMatch(/\/api\/showimage\/image\/postimages\/[a-f0-9]{32}\.webp\?size=thumb$/);
    expect(await firstCard.getByRole('img', { name: '3 out of 5 stars' }).count()).toBe(1);
  });

  it('opens a post detail dialog from a carousel card', async () => {
    await page.getByRole('list', { name: 'Recent Orders' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Brown sugar boba, 50% sweet' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('Warm chewy pearls.');
    // The full post: the place's name links to its page, its address follows (seeded: city Austin, TX 78701).
    expect(text).toContain('Tapioca House');
    expect(text).toContain('Austin, TX 78701');
    expect(text).toContain(formatPostDate(new Date()));
    expect(await dialog.getByLabel('2 likes').count()).toBe(1);
    expect(await dialog.getByRole('img', { name: '3 out of 5 stars' }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Tapioca House' }).getAttribute('href')).toMatch(/^\/view\/\d+$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('edits the favourite order in edit mode; it is capped at 150 characters and persists', async () => {
    await card().getByRole('button', { name: 'edit' }).click();
    const box = card().getByLabel('Current favorite order');
    expect(await box.getAttribute('placeholder')).toContain(`max ${LIMITS.favoriteOrderMax} characters`);
    await box.fill('a'.repeat(LIMITS.favoriteOrderMax));
    await box.press('b');
    expect((await box.inputValue()).length).toBe(LIMITS.favoriteOrderMax);

    await box.fill('Hojicha latte, oat milk, less ice');
    await card().getByRole('button', { name: 'Save order' }).click();
    await expectMessage(PROFILE_MESSAGES.favoriteOrderUpdated.title, PROFILE_MESSAGES.favoriteOrderUpdated.body);
    await card().getByRole('button', { name: 'done' }).click();
    await card().getByText('Hojicha latte, oat milk, less ice').waitFor();

    await page.reload();
    await card().getByText('Hojicha latte, oat milk, less ice').waitFor();
  });

  it('saves the gender picked from the list', async () => {
    await card().getByRole('button', { name: 'edit' }).click();
    const select = card().getByLabel('Gender');
    expect(await select.inputValue()).toBe('');
    expect(await select.locator('option').allTextContents()).toEqual([GENDER_PLACEHOLDER, 'Male', 'Female', 'Prefer not to say', 'Custom']);
    await select.selectOption('Prefer not to say');
    await card().getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const profile = await trpcQuery(app.baseUrl, 'user.profile', {}, (await storedSession())!.token);
    expect(profile.json.result.data.user.gender).toBe('Prefer not to say');
    await page.reload();
    await card().getByRole('button', { name: 'edit' }).click();
    expect(await card().getByLabel('Gender').inputValue()).toBe('Prefer not to say');
  });

  it('checks the picture on the client, uploads one, then deletes it', async () => {
    const input = card().getByLabel('Change profile photo').or(card().getByLabel('Upload a profile photo'));
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectMessage(PROFILE_MESSAGES.invalidFileType.title, PROFILE_MESSAGES.invalidFileType.body);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(LIMITS.profileImageBytesMax + 1) });
    await expectMessage(PROFILE_MESSAGES.fileTooLarge.title, PROFILE_MESSAGES.fileTooLarge.body);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expectMessage(PROFILE_MESSAGES.imageUploaded.title, PROFILE_MESSAGES.imageUploaded.body);
    await avatarImage().waitFor();
    expect(await avatarImage().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await card().getByText('Add photo').count()).toBe(0);

    await card().getByRole('button', { name: 'Remove photo' }).click();
    await card().getByText('Add photo').waitFor();
    expect(await avatarImage().count()).toBe(0);
    await card().getByRole('button', { name: 'done' }).click();
  });

  it('follows and unfollows someone from their public profile', async () => {
    await page.goto(`/user/${BEN.username}`);
    await card().getByRole('heading', { name: 'Ben Ortiz', level: 1 }).waitFor();
    expect(await page.title()).toBe('@benortiz · Siplog');
    expect(await card().textContent()).toContain('@benortiz');
    await expectActivity(0);
    // The order lists load after the card: wait until they say they are empty.
    await page.getByText('No orders yet', { exact: true }).first().waitFor();
    const follow = card().getByRole('button', { name: 'follow @benortiz', exact: true });
    const unfollow = card().getByRole('button', { name: 'unfollow @benortiz', exact: true });
    await follow.waitFor();
    await expect(follow.isEnabled()).resolves.toBe(true);
    // A double click sends one follow request.
    const followCalls: string[] = [];
    const countFollow = (request: { url: () => string }) => {
      if (/[/,]user\.follow(,|$)/.test(new URL(request.url()).pathname)) followCalls.push(request.url());
    };
    page.on('request', countFollow);
    await follow.dblclick();
    await unfollow.waitFor();
    page.off('request', countFollow);
    expect(followCalls.length).toBe(1);
    expect(await unfollow.textContent()).toBe('unfollow');
    await card().getByText('1 followers').waitFor();

    await page.reload();
    await unfollow.waitFor();
    await expect(unfollow.isEnabled()).resolves.toBe(true);
    expect(await card().textContent()).toContain('1 followers');
    await unfollow.click();
    await follow.waitFor();
    await card().getByText('0 followers').waitFor();
  });

  it('hides the follow button on one’s own public profile and for guests', async () => {
    await page.goto(`/user/${ANN.username}`);
    await card().getByRole('heading', { name: 'Ann Lee' }).waitFor();
    expect(await card().getByRole('button', { name: /^(un)?follow @/ }).count()).toBe(0);
    expect(await card().getByRole('link', { name: 'Edit on My Log' }).isVisible()).toBe(true);
    await expectActivity(2);

    const guest = await openPage(browser, app.baseUrl);
    await guest.page.goto(`/user/${BEN.username}`);
    await guest.page.getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    expect(await guest.page.getByRole('button', { name: /^(un)?follow @/ }).count()).toBe(0);
    await guest.context.close();
  });

  it('shows a friendly state for an unknown username', async () => {
    await page.goto('/user/nobody-here');
    await page.getByRole('heading', { name: 'No one here' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the map' }).getAttribute('href')).toBe('/');
  });

  it('lists followers and following; search only in following; closing it reloads the profile', async () => {
    await page.goto('/mylog');
    await statButton('followers').click();
    let dialog = page.getByRole('dialog', { name: 'followers' });
    await dialog.waitFor();
    expect(await dialog.getByText(PROFILE_MESSAGES.emptyList('followers')).isVisible()).toBe(true);
    expect(await dialog.getByPlaceholder(PROFILE_MESSAGES.searchFriendsPlaceholder).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await statButton('following').click();
    dialog = page.getByRole('dialog', { name: 'following' });
    await dialog.waitFor();
    const place = dialog.getByRole('list', { name: 'following' }).getByRole('link', { name: 'Zhi Tea' });
    expect(await place.getAttribute('href')).toMatch(/^\/view\/\d+$/);

    const search = dialog.getByPlaceholder(PROFILE_MESSAGES.searchFriendsPlaceholder);
    await search.fill('be');
    await page.waitForTimeout(LIMITS.searchDebounceMs + 300);
    expect(await dialog.getByRole('list', { name: 'Search results' }).count()).toBe(0);
    await search.fill('ben');
    const results = dialog.getByRole('list', { name: 'Search results' });
    const benRow = results.getByRole('listitem').filter({ hasText: '@benortiz' });
    await benRow.waitFor();
    expect(await benRow.getByRole('link', { name: '@benortiz' }).getAttribute('href')).toBe('/user/benortiz');
    expect(await benRow.locator('img').getAttribute('src')).toBe('/api/showimage/profileimage/benortiz?size=thumb');
    await benRow.getByRole('button', { name: 'follow @benortiz', exact: true }).click();
    await benRow.getByRole('button', { name: 'unfollow @benortiz', exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card().getByText('2 following').waitFor();

    await statButton('following').click();
    dialog = page.getByRole('dialog', { name: 'following' });
    const listed = dialog.getByRole('list', { name: 'following' });
    await listed.getByRole('link', { name: '@benortiz' }).waitFor();
    expect(await listed.getByRole('listitem').count()).toBe(2);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a profile by name only to a signed-in person', async () => {
    await page.goto('/user/name/Ben Ortiz');
    await card().getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    await expect.poll(() => page.title()).toBe('@benortiz · Siplog');
    expect(await card().textContent()).toContain('1 followers');
    await card().getByRole('button', { name: 'unfollow @benortiz', exact: true }).waitFor();

    await page.goto('/user/name/Nobody Atall');
    await page.getByRole('heading', { name: 'No one here' }).waitFor();

    const guest = await openPage(browser, app.baseUrl);
    await guest.page.goto('/user/name/Ben Ortiz');
    await guest.page.getByRole('heading', { name: 'Log in to see this profile' }).waitFor();
    expect(await guest.page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await guest.page.getByText('@benortiz').count()).toBe(0);
    await guest.context.close();
  });

  it('changes the password and keeps working with the new token', async () => {
    await page.goto('/mylog');
    await card().getByRole('button', { name: 'edit' }).click();
    await card().getByText('Change Password', { exact: true }).click();
    const current = card().getByLabel('Current password');
    const next = card().getByLabel('New password');
    const submit = card().getByRole('button', { name: 'Update password' });

    await current.fill(ANN.password);
    await next.fill('short');
    await submit.click();
    await expectMessage(PROFILE_MESSAGES.passwordTooShort.title, PROFILE_MESSAGES.passwordTooShort.body);

    await current.fill('NotMyPassword1');
    await next.fill('NewSecret456');
    await submit.click();
    await expectMessage('Warning', 'Your current password is not correct.');
    expect([await current.inputValue(), await next.inputValue()]).toEqual(['', '']);

    const oldToken = (await storedSession())!.token;
    await current.fill(ANN.password);
    await next.fill('NewSecret456');
    await submit.click();
    await expectMessage('Message', 'Password changed');
    expect([await current.inputValue(), await next.inputValue()]).toEqual(['', '']);

    const newToken = (await storedSession())!.token;
    expect(newToken).not.toBe(oldToken);
    expect((await trpcQuery(app.baseUrl, 'user.profile', {}, oldToken)).status).toBe(401);
    expect((await trpcQuery(app.baseUrl, 'user.profile', {}, newToken)).status).toBe(200);
    ann = (await storedSession())!;

    await page.reload();
    await card().getByRole('heading', { name: 'Ann Lee' }).waitFor();
    expect(page.url()).toMatch(/\/mylog$/);
  });

  it('fits a 375 px screen without sideways scrolling, in view and edit mode', async () => {
    const phone = await openPage(browser, app.baseUrl, PHONE);
    await phone.page.goto('/contact');
    await signIn(phone.page, ann);
    await phone.page.goto('/mylog');
    const phoneCard = phone.page.getByRole('region', { name: /^Profile of / });
    await phoneCard.getByRole('heading', { name: 'Ann Lee' }).waitFor();
    await phone.page.getByRole('list', { name: 'Recent Orders' }).waitFor();
    const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await phoneCard.getByRole('button', { name: 'edit' }).click();
    await phoneCard.getByText('Change Password', { exact: true }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await phone.page.goto(`/user/${BEN.username}`);
    await phone.page.getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    const phoneActivity = phoneCard.getByRole('list', { name: 'Profile counts' }).getByRole('listitem').first();
    expect(await phoneActivity.isVisible()).toBe(true);
    expect(await phoneActivity.innerText()).toMatch(/^0\s+Activity$/);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await phone.context.close();
  });

  it('logs the person out when the upload answers 401', async () => {
    const other = await openPage(browser, app.baseUrl);
    await other.page.goto('/contact');
    await signIn(other.page, ben);
    await other.page.goto('/mylog');
    const otherCard = other.page.getByRole('region', { name: /^Profile of / });
    await otherCard.getByRole('heading', { name: 'Ben Ortiz' }).waitFor();
    await other.page.route('**/api/user/uploadprofileimages', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"status":401,"msg":"Please log in to continue."}' }),
    );
    await otherCard.getByLabel('Upload a profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await other.page.waitForURL('**/login');
    expect(await other.page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await other.context.close();
  });

  it('logs the person out when their profile does not load', async () => {
    await signIn(page, { ...ann, token: 'not-a-valid-token' });
    await page.goto('/mylog');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});
