import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, PLACE_MESSAGES, PROFILE_MESSAGES } from '@siplog/contracts';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './harness';
import { ANN, BEN, DARK_MATTER, followPlace, postJson, registerPerson, seedPlace, seedPosts, storePhotos, trpcQuery, type Session } from './fixtures';

const QUIET_TEA = { name: 'Quiet Corner Tea', street: '1530 N Milwaukee Ave', city: 'Chicago', state: 'IL', zip: '60622', lat: 41.9091, lng: -87.6777 };
const LONG_NAME = {
  name: 'Intelligentsia Coffee Wicker Park Coffeebar',
  street: '1850 W North Ave',
  city: 'Chicago',
  state: 'IL',
  zip: '60622',
  lat: 41.9104,
  lng: -87.6741,
};

describe('place pages: /view/{id}, /view/{area}, /view/location/{location}, /testfeed', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ann: Session;
  let darkMatterId: number;
  let quietTeaId: number;
  let longNameId: number;
  let photos: string[];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    await registerPerson(app.baseUrl, app.dataDir, BEN);
    photos = await storePhotos(app.dataDir, 5);
    darkMatterId = await seedPlace(app.dataDir, DARK_MATTER);
    quietTeaId = await seedPlace(app.dataDir, QUIET_TEA);
    longNameId = await seedPlace(app.dataDir, LONG_NAME);
    await seedPosts(app.dataDir, BEN.username, [
      { order: 'Unicorn Blood espresso', review: 'Fruity and wild.', rating: 5, place: { name: DARK_MATTER.name, city: 'Chicago' }, images: [photos[0], photos[1]], minutesAgo: 5 },
      { order: 'Pour over', review: 'Clean.', rating: 4, place: { name: LONG_NAME.name, city: 'Chicago' }, images: [photos[2], photos[4]], minutesAgo: 30 },
    ]);
    await seedPosts(app.dataDir, ANN.username, [
      { order: 'Oat cortado', review: 'Balanced and <b>bold</b>.', rating: 4, place: { name: DARK_MATTER.name, city: 'Chicago' }, images: [photos[3]], minutesAgo: 60 },
    ]);
    await followPlace(app.dataDir, BEN.username, DARK_MATTER.name);
    ({ page } = await openPage(browser, app.baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const signIn = async (target: Page, session: Session | null) => {
    await target.evaluate((value) => {
      if (value) localStorage.setItem('user', JSON.stringify(value));
      else localStorage.removeItem('user');
    }, session);
  };
  const hero = () => page.getByRole('region', { name: DARK_MATTER.name, exact: true });
  const followersButton = () => hero().getByRole('button', { name: /^\S+ followers?$/ });
  const overflow = (target: Page) => target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('shows a place: name, address, counts, photos and recent reviews newest first', async () => {
    await page.goto(`/view/${darkMatterId}`);
    await hero().getByRole('heading', { name: DARK_MATTER.name, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${DARK_MATTER.name} · Siplog`);
    const text = await hero().textContent();
    expect(text).toContain('1805 W Chicago Ave, Chicago, IL 60622, US');
    expect(text).toContain('2 reviews');
    expect(await followersButton().textContent()).toBe('1 follower');
    expect(await hero().getByRole('link', { name: /1805 W Chicago Ave/ }).getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${DARK_MATTER.lat},${DARK_MATTER.lng}`,
    );

    const strip = page.getByRole('region', { name: `Photos of ${DARK_MATTER.name}` });
    await strip.getByRole('img').first().waitFor();
    const sources = await strip.getByRole('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src')));
    expect(sources.length).toBe(3);
    for (const source of sources) expect(source).toMatch(/^\/api\/showimage\/image\/postimages\/[a-f0-9]{32}\.webp\?size=thumb$/);
    // The strip keeps to the page's column, as the card above it does (issue 26: it started 6 px left of the card
    // and cut its last photo at the right), and three photos show whole.
    const column = (await hero().boundingBox())!;
    const row = (await strip.getByRole('list').boundingBox())!;
    expect(row.x).toBeGreaterThanOrEqual(column.x);
    expect(row.x + row.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
    const last = (await strip.getByRole('img').last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
    expect(await strip.getByRole('list').evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);

    const reviews = page.getByRole('list', { name: 'Recent Reviews' });
    await reviews.getByRole('listitem').nth(1).waitFor();
    expect(await reviews.getByRole('listitem').count()).toBe(2);
    expect(await reviews.getByRole('listitem').first().textContent()).toContain('Unicorn Blood espresso');
    expect(await reviews.getByRole('listitem').first().textContent()).toContain('@benortiz');
    expect(await reviews.getByRole('listitem').nth(1).textContent()).toContain('@annlee');
    // The 'Post' button: a guest is asked to log in.
    expect(await page.getByRole('link', { name: 'Post', exact: true }).getAttribute('href')).toBe('/login');
  });

  it('opens a review from the list, with its author, as text only', async () => {
    await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('button', { name: /Oat cortado/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Oat cortado' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Balanced and <b>bold</b>.');
    expect(await dialog.locator('b').count()).toBe(0);
    expect(await dialog.getByRole('link', { name: '@annlee' }).getAttribute('href')).toBe('/user/annlee');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the followers list from the followers link', async () => {
    await followersButton().click();
    const dialog = page.getByRole('dialog', { name: 'followers' });
    const list = dialog.getByRole('list', { name: 'followers' });
    await list.getByRole('link', { name: '@benortiz' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await dialog.getByPlaceholder(PROFILE_MESSAGES.searchFriendsPlaceholder).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('offers a guest a follow link to /login', async () => {
    const follow = hero().getByRole('link', { name: `Log in to follow ${DARK_MATTER.name}` });
    expect(await follow.textContent()).toBe('follow');
    expect(await follow.getAttribute('href')).toBe('/login');
  });

  it('follows the place once per double click, lists it on My Log, and unfollows', async () => {
    await signIn(page, ann);
    await page.goto(`/view/${darkMatterId}`);
    const follow = hero().getByRole('button', { name: `follow ${DARK_MATTER.name}`, exact: true });
    const unfollow = hero().getByRole('button', { name: `unfollow ${DARK_MATTER.name}`, exact: true });
    await follow.waitFor();
    await expect.poll(() => follow.isEnabled()).toBe(true);

    const followCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('place.follow')) followCalls.push(request.url());
    });
    await follow.dblclick();
    await unfollow.waitFor();
    await hero().getByRole('button', { name: '2 followers' }).waitFor();
    expect(followCalls.length).toBe(1);

    await page.reload();
    await unfollow.waitFor();
    expect(await followersButton().textContent()).toBe('2 followers');

    // My Log's following list shows the place as a place row (from `place:{id};{name}`) linking back here.
    await page.goto('/mylog');
    await page.getByRole('button', { name: /following$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'following' });
    const row = dialog.getByRole('list', { name: 'following' }).getByRole('link', { name: DARK_MATTER.name });
    await row.waitFor();
    expect(await row.getAttribute('href')).toBe(`/view/${darkMatterId}`);
    await row.click();
    await page.waitForURL(`**/view/${darkMatterId}`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await unfollow.waitFor();
    await expect.poll(() => unfollow.isEnabled()).toBe(true);
    await unfollow.click();
    await follow.waitFor();
    await hero().getByRole('button', { name: '1 follower', exact: true }).waitFor();
    const status = await trpcQuery(app.baseUrl, 'place.isFollowed', { establishment_id: darkMatterId }, ann.token);
    expect(status.json.result.data.followed).toBe(false);
  });

  it("opens the Quick Post drawer from the place page's Post, with the place chosen", async () => {
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Quick Post' });
    await drawer.waitFor();
    await drawer.getByText(DARK_MATTER.name).first().waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it("cuts long place names in follow lists to 20 characters with an ellipsis, the row opening the place", async () => {
    await followPlace(app.dataDir, ANN.username, LONG_NAME.name);
    await page.goto('/mylog');
    await page.getByRole('button', { name: /following$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'following' });
    const row = dialog.getByRole('link', { name: LONG_NAME.name });
    await row.waitFor();
    expect(await row.textContent()).toBe(`${LONG_NAME.name.slice(0, LIMITS.placeNameDisplayMax).trimEnd()}…`);
    expect(await row.getAttribute('href')).toBe(`/view/${longNameId}`);
    await page.keyboard.press('Escape');
  });

  it("shows a person's bio and opens their follow lists on the public profile", async () => {
    await postJson(app.baseUrl, '/api/user/updateprofiledetails', { gender: '', bio: 'Espresso nerd. Chicago.' }, ann.token);
    await page.goto(`/user/${ANN.username}`);
    const card = page.getByRole('region', { name: /^Profile of / });
    await card.getByText('Espresso nerd. Chicago.').waitFor();
    await card.getByRole('button', { name: /following$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'following' });
    await dialog.getByRole('link', { name: LONG_NAME.name }).waitFor();
    expect(await dialog.getByPlaceholder(PROFILE_MESSAGES.searchFriendsPlaceholder).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await signIn(page, null);
  });

  it("shows 'No Reviews Yet...' with directions and an invitation on a place without reviews", async () => {
    await page.goto(`/view/${quietTeaId}`);
    await page.getByRole('heading', { name: QUIET_TEA.name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: PLACE_MESSAGES.noReviews }).waitFor();
    const visit = page.getByRole('link', { name: PLACE_MESSAGES.visitLocation });
    expect(await visit.getAttribute('href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${QUIET_TEA.lat},${QUIET_TEA.lng}`);
    expect(await visit.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: PLACE_MESSAGES.postYourReview }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('list', { name: 'Recent Reviews' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: QUIET_TEA.name, exact: true }).textContent()).toContain('0 reviews');
  });

  it('shows not-found for an unknown place id', async () => {
    await page.goto('/view/987654');
    await page.getByRole('heading', { name: 'We could not find this place' }).waitFor();
    await expect.poll(() => page.title()).toBe('Place not found · Siplog');
    expect(await page.getByRole('link', { name: 'Back to the map' }).getAttribute('href')).toBe('/');
  });

  it('lists the places of an area at /view/{area}, each opening its page', async () => {
    await page.goto('/view/chicago');
    await page.getByRole('heading', { name: 'Chicago', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Places in Chicago' });
    const card = list.getByRole('link', { name: new RegExp(DARK_MATTER.name) });
    await card.waitFor();
    expect(await card.getAttribute('href')).toBe(`/view/${darkMatterId}`);
    const cardText = await card.textContent();
    expect(cardText).toContain('1805 W Chicago Ave, Chicago, IL 60622, US');
    expect(cardText).toContain('2 reviews');
    expect(await list.getByRole('link', { name: new RegExp(QUIET_TEA.name) }).getAttribute('href')).toBe(`/view/${quietTeaId}`);
    await card.click();
    await hero().getByRole('heading', { name: DARK_MATTER.name }).waitFor();

    await page.goto('/view/no-such-town-anywhere');
    await page.getByRole('heading', { name: 'We could not find this area' }).waitFor();
  });

  it('opens the same place page at /view/location/{slug}', async () => {
    const answer = await trpcQuery(app.baseUrl, 'place.byId', { establishment_id: darkMatterId });
    const slug: string = answer.json.result.data.establishment.slug;
    expect(slug).toBeTruthy();
    await page.goto(`/view/location/${slug}`);
    await hero().getByRole('heading', { name: DARK_MATTER.name, level: 1 }).waitFor();
    expect(await hero().textContent()).toContain('2 reviews');
    await page.getByRole('list', { name: 'Recent Reviews' }).getByRole('listitem').nth(1).waitFor();

    await page.goto('/view/location/no-such-place-slug');
    await page.getByRole('heading', { name: 'We could not find this place' }).waitFor();
  });

  it('answers /view/location without a location as a page that does not exist, not as an area', async () => {
    const response = await page.goto('/view/location');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This cup is empty', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found · Siplog');
    expect(await page.getByRole('heading', { name: 'We could not find this area' }).count()).toBe(0);
  });

  it("shares the place's readable /view/location/{slug} link: the share sheet where there is one, else the clipboard", async () => {
    const answer = await trpcQuery(app.baseUrl, 'place.byId', { establishment_id: darkMatterId });
    const slug: string = answer.json.result.data.establishment.slug;
    const url = `${app.baseUrl}/view/location/${slug}`;
    await page.goto(`/view/${darkMatterId}`);
    const share = hero().getByRole('link', { name: `Share ${DARK_MATTER.name}`, exact: true });
    expect(await share.getAttribute('href')).toBe(`/view/location/${slug}`);

    // A browser with the Web Share API (a phone): the sheet gets the place's name and its link.
    await page.evaluate(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    await share.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ title: DARK_MATTER.name, url }]);
    expect(page.url()).toBe(`${app.baseUrl}/view/${darkMatterId}`);

    // Without it (most desktops): the link is copied, and the page says so.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    try {
      await share.click();
      await hero().getByRole('status').getByText('Link copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    } finally {
      await page.context().clearPermissions();
    }
  });

  it('shows the test feed card with a photo carousel and local like and follow toggles', async () => {
    const feed = await trpcQuery(app.baseUrl, 'place.forFeed', { limit: LIMITS.testFeedLimit, skip: LIMITS.testFeedSkip });
    const place = feed.json.result.data.establishment[0];
    await page.goto('/testfeed');
    const card = page.getByRole('article');
    await card.getByRole('heading', { name: place.name }).waitFor();
    const box = await card.boundingBox();
    expect(Math.round(box!.width)).toBe(400);
    expect(await card.textContent()).toContain([place.street, place.city].filter(Boolean).join(', '));
    expect(await card.getByRole('img', { name: /out of 5 stars/ }).count()).toBe(1);

    expect(place.images.length).toBeGreaterThan(1);
    const next = card.getByRole('button', { name: 'Next photo' });
    const previous = card.getByRole('button', { name: 'Previous photo' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: /^Show photo/ }).count()).toBe(place.images.length);
    await next.click();
    expect(await card.getByRole('button', { name: 'Show photo 2' }).getAttribute('aria-current')).toBe('true');
    await card.getByRole('button', { name: 'Show photo 1' }).click();
    expect(await previous.isDisabled()).toBe(true);

    const like = card.getByRole('button', { name: 'Like' });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    const follow = card.getByRole('button', { name: 'Follow', exact: true });
    await follow.click();
    const following = card.getByRole('button', { name: 'Following', exact: true });
    expect(await following.getAttribute('aria-pressed')).toBe('true');
    await following.click();
    await follow.waitFor();
    // Local only: nothing was saved.
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  it('fits the place page on a 375 px screen', async () => {
    const phone = await openPage(browser, app.baseUrl, PHONE);
    await phone.page.goto(`/view/${darkMatterId}`);
    const phoneHero = phone.page.getByRole('region', { name: DARK_MATTER.name, exact: true });
    await phoneHero.getByRole('heading', { name: DARK_MATTER.name }).waitFor();
    await phone.page.getByRole('list', { name: 'Recent Reviews' }).getByRole('listitem').first().waitFor();
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    const heroBox = await phoneHero.boundingBox();
    expect(heroBox!.width).toBeLessThanOrEqual(PHONE.width);
    // The follow control sits under the name, inside the screen.
    const followBox = await phoneHero.getByRole('link', { name: /follow/ }).boundingBox();
    expect(followBox!.x + followBox!.width).toBeLessThanOrEqual(PHONE.width);
    await phone.page.goto(`/view/${quietTeaId}`);
    await phone.page.getByRole('heading', { name: PLACE_MESSAGES.noReviews }).waitFor();
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.goto('/view/chicago');
    await phone.page.getByRole('heading', { name: 'Chicago', level: 1 }).waitFor();
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.context.close();
  });
});
