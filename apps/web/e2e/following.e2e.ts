import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, postPath } from '@siplog/contracts';
import { ANN, BEN, DARK_MATTER, makePng, postJson, registerPerson, seedPlace, seedPosts, trpcQuery, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, signInContext, startApp, type RunningApp } from './harness';

const CARA: Person = { email: 'cara.kim@example.com', firstname: 'Cara', lastname: 'Kim', username: 'carakim', password: 'Secret123' };
const DEV: Person = { email: 'dev.rao@example.com', firstname: 'Dev', lastname: 'Rao', username: 'devrao', password: 'Secret123' };
const EVE: Person = { email: 'eve.moss@example.com', firstname: 'Eve', lastname: 'Moss', username: 'evemoss', password: 'Secret123' };

/** Ben's older reviews, in Austin (seeded straight into the database), newest first. */
const BEN_OLDER = Array.from({ length: 7 }, (_, index) => ({
  order: `Austin pour-over ${index + 1}`,
  review: 'Bright and clean.',
  rating: 4,
  place: { name: 'Zhi Tea', city: 'Austin' },
  minutesAgo: 60 + index * 10,
}));

const EMPTY_LEAD = 'Follow people and places to fill this feed';
const FOLLOWING_LIST = 'Reviews from people and places you follow';

interface FeedLoad {
  limit: number;
  cursor?: string | null;
}

/** The post.following calls in a tRPC request URL, batched (/trpc/a,b?batch=1&input={"0":…,"1":…}) or not. */
function followingLoadsIn(url: string): FeedLoad[] {
  const { pathname, searchParams } = new URL(url);
  const procedures = decodeURIComponent(pathname.replace(/^.*\/trpc\//, '')).split(',');
  const input = JSON.parse(searchParams.get('input') ?? '{}');
  const batched = searchParams.get('batch') === '1';
  return procedures.flatMap((name, index) => (name === 'post.following' ? [batched ? input[index] : input] : []));
}

/** Every post.following call the page makes, in order. */
function watchFollowingLoads(page: Page): FeedLoad[] {
  const loads: FeedLoad[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/')) loads.push(...followingLoadsIn(request.url()));
  });
  return loads;
}

const feedTabs = (page: Page) => page.getByRole('tablist', { name: 'Reviews' });
const tab = (page: Page, name: 'Recent' | 'Following') => feedTabs(page).getByRole('tab', { name, exact: true });
const tabPanel = (page: Page, name: 'Recent' | 'Following') => page.getByRole('tabpanel', { name, exact: true });
const followingLinks = (page: Page) => page.getByRole('list', { name: FOLLOWING_LIST }).getByRole('link');
const panelScroller = (page: Page) => page.getByRole('complementary', { name: 'Activity' }).locator('.home-panel__sections');

/** The post ids the Following feed shows, top to bottom (from each card's /post/{id} link). */
async function followingIds(page: Page): Promise<number[]> {
  const hrefs = await followingLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => Number(href.replace('/post/', '')));
}

async function expectFollowingCards(page: Page, count: number): Promise<void> {
  await expect.poll(() => followingLinks(page).count(), { timeout: 10_000 }).toBe(count);
}

/** The selected tab's name, once the page has chosen one (a signed-in person's first tab waits for the Following feed). */
function selectedTab(page: Page): Promise<string> {
  return feedTabs(page).locator('[role="tab"][aria-selected="true"]').innerText();
}

describe('the Following feed, its empty state and mentions', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  let ben: Session;
  let cara: Session;
  let dev: Session;
  let eve: Session;
  let benOlder: number[];
  const contexts = new OpenedContexts();

  /** A page signed in as `session`. */
  async function signedIn(session: Session, viewport = DESKTOP): Promise<Page> {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(context, session);
    return page;
  }

  /** Posts a review at Dark Matter Coffee with a photo through the REST API, as the Quick Post does; answers its post_id. */
  async function postAtDarkMatter(author: Session, order: string, review: string): Promise<number> {
    const place = (await trpcQuery(app.baseUrl, 'place.byId', { establishment_id: seedPlaceId })).json.result.data.establishment;
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(await makePng(320))], { type: 'image/png' }), 'photo.png');
    form.append('data', JSON.stringify({ place_id: place.place_id, establishment_name: place.name, order, review, rating: 5 }));
    const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: { Authorization: `Bearer ${author.token}` }, body: form });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.post_id;
  }

  async function follow(follower: Session, username: string): Promise<void> {
    const answer = await postJson(app.baseUrl, '/api/user/followuser', { targetusername: username }, follower.token);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  }

  let seedPlaceId: number;
  let darkMatterFirst: number;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    ben = await registerPerson(app.baseUrl, app.dataDir, BEN);
    cara = await registerPerson(app.baseUrl, app.dataDir, CARA);
    dev = await registerPerson(app.baseUrl, app.dataDir, DEV);
    eve = await registerPerson(app.baseUrl, app.dataDir, EVE);
    // Near the map's opening centre: the place the empty state suggests. Its first review is Ben's.
    seedPlaceId = await seedPlace(app.dataDir, DARK_MATTER);
    [darkMatterFirst] = await seedPosts(app.dataDir, ben.username, [
      { order: 'Dark Matter espresso', review: 'Dense crema.', rating: 5, place: { name: DARK_MATTER.name, city: DARK_MATTER.city }, minutesAgo: 30 },
    ]);
    benOlder = await seedPosts(app.dataDir, ben.username, BEN_OLDER);
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it('shows a guest only the recent reviews, without tabs', async () => {
    const { page } = await contexts.open(browser, app.baseUrl);
    await page.goto('/');
    await page.getByRole('list', { name: 'Recent reviews' }).getByRole('link').first().waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Recent reviews' }).count()).toBe(1);
    await contexts.closeAll();
  });

  it('follow someone, they post, and it shows first under Following, the tab then opened first', async () => {
    const page = await signedIn(ann);
    const loads = watchFollowingLoads(page);
    await page.goto('/');
    // Following nobody yet: Recent comes first.
    expect(await selectedTab(page)).toBe('Recent');
    await tabPanel(page, 'Recent').getByRole('list', { name: 'Recent reviews' }).getByRole('link').first().waitFor();

    await page.goto(`/user/${ben.username}`);
    await page.getByRole('button', { name: `follow @${ben.username}`, exact: true }).click();
    await page.getByRole('button', { name: `unfollow @${ben.username}`, exact: true }).waitFor();

    const posted = await postAtDarkMatter(ben, 'Gibraltar after the follow', 'Silky, small and strong.');
    loads.length = 0;
    await page.goto('/');
    expect(await selectedTab(page)).toBe('Following');
    await expectFollowingCards(page, LIMITS.feedFirstPage);
    expect(await followingIds(page)).toEqual([posted, darkMatterFirst, ...benOlder.slice(0, LIMITS.feedFirstPage - 2)]);
    expect(await followingLinks(page).first().getAttribute('href')).toBe(postPath(posted));
    expect(await followingLinks(page).first().innerText()).toContain('Gibraltar after the follow');
    expect(loads).toEqual([{ limit: LIMITS.feedFirstPage, cursor: null }]);
    await expectAccessible(page);

    // ARIA tabs: the arrows move the selection and the focus, and each tab shows its own panel.
    await tab(page, 'Following').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page)).toBe('Recent');
    expect(await tab(page, 'Recent').evaluate((element) => element === document.activeElement)).toBe(true);
    await tabPanel(page, 'Recent').getByRole('list', { name: 'Recent reviews' }).waitFor();
    expect(await tabPanel(page, 'Following').isVisible()).toBe(false);
    expect(await tab(page, 'Recent').getAttribute('tabindex')).toBe('0');
    expect(await tab(page, 'Following').getAttribute('tabindex')).toBe('-1');
    await page.keyboard.press('End');
    expect(await selectedTab(page)).toBe('Following');
    await expectFollowingCards(page, LIMITS.feedFirstPage);

    // An unfollow shows on the next load: Ben's reviews leave the feed.
    await page.goto(`/user/${ben.username}`);
    await page.getByRole('button', { name: `unfollow @${ben.username}`, exact: true }).click();
    await page.getByRole('button', { name: `follow @${ben.username}`, exact: true }).waitFor();
    await page.goto('/');
    expect(await selectedTab(page)).toBe('Recent');
    await tab(page, 'Following').click();
    await page.getByText(EMPTY_LEAD, { exact: true }).waitFor();
    expect(await followingLinks(page).count()).toBe(0);
    await contexts.closeAll();
  });

  it('pages the Following feed by cursor: 5 then 1 beside the map, 3 then 1 in the Activity sheet at 375 px', async () => {
    await follow(dev, ben.username);
    const all = (await trpcQuery(app.baseUrl, 'post.following', { limit: 50 }, dev.token)).json.result.data.posts.map((post: { post_id: number }) => post.post_id);
    expect(all.length).toBeGreaterThan(LIMITS.feedFirstPage + 2);

    const page = await signedIn(dev);
    const loads = watchFollowingLoads(page);
    await page.goto('/');
    await expectFollowingCards(page, LIMITS.feedFirstPage);
    for (let shown = LIMITS.feedFirstPage; shown < LIMITS.feedFirstPage + 2; shown++) {
      await panelScroller(page).evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await expectFollowingCards(page, shown + 1);
    }
    expect(await followingIds(page)).toEqual(all.slice(0, LIMITS.feedFirstPage + 2));
    expect(loads).toEqual([
      { limit: LIMITS.feedFirstPage, cursor: null },
      { limit: LIMITS.feedNextPage, cursor: expect.any(String) },
      { limit: LIMITS.feedNextPage, cursor: expect.any(String) },
    ]);

    const phone = await signedIn(dev, { ...PHONE, height: 800 });
    const phoneLoads = watchFollowingLoads(phone);
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Activity', exact: true }).click();
    expect(await selectedTab(phone)).toBe('Following');
    await expectFollowingCards(phone, LIMITS.activityFirstPage);
    await panelScroller(phone).evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expectFollowingCards(phone, LIMITS.activityFirstPage + 1);
    expect(phoneLoads).toEqual([
      { limit: LIMITS.activityFirstPage, cursor: null },
      { limit: LIMITS.activityNextPage, cursor: expect.any(String) },
    ]);
    // The tabs and cards fit the sheet: nothing sticks out sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const tabs = (await feedTabs(phone).boundingBox())!;
    expect(tabs.x).toBeGreaterThanOrEqual(0);
    expect(tabs.x + tabs.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, 'the Following tab in the Activity sheet at 375 px');
    await contexts.closeAll();
  });

  it('helps someone who follows nobody: suggestions with follow buttons, and following fills the feed', async () => {
    const page = await signedIn(cara);
    await page.goto('/');
    expect(await selectedTab(page)).toBe('Recent');
    await tab(page, 'Following').click();
    const panel = tabPanel(page, 'Following');
    await panel.getByText(EMPTY_LEAD, { exact: true }).waitFor();

    const places = panel.getByRole('list', { name: 'Popular places nearby' });
    const people = panel.getByRole('list', { name: 'Active reviewers' });
    await places.getByRole('link', { name: DARK_MATTER.name }).waitFor();
    expect(await places.getByRole('link', { name: DARK_MATTER.name }).getAttribute('href')).toBe(`/view/${seedPlaceId}`);
    await people.getByRole('link', { name: 'Ben Ortiz' }).waitFor();
    // Cara is never suggested to herself; Ann and Eve have no reviews.
    expect(await people.getByRole('link').allInnerTexts()).toEqual(['Ben Ortiz']);
    expect(await followingLinks(page).count()).toBe(0);
    await expectAccessible(page);

    // Following the place: its reviews fill the feed below, and the suggestions stay for the next follow.
    await places.getByRole('button', { name: `follow ${DARK_MATTER.name}`, exact: true }).click();
    await places.getByRole('button', { name: `unfollow ${DARK_MATTER.name}`, exact: true }).waitFor();
    await expectFollowingCards(page, 2);
    expect(new Set(await followingIds(page))).toEqual(new Set(await darkMatterIds()));
    expect(await panel.getByText(EMPTY_LEAD, { exact: true }).isVisible()).toBe(true);

    await people.getByRole('button', { name: `follow @${ben.username}`, exact: true }).click();
    await people.getByRole('button', { name: `unfollow @${ben.username}`, exact: true }).waitFor();
    await expectFollowingCards(page, LIMITS.feedFirstPage);

    // The next visit opens on Following, now full, without the suggestions.
    await page.reload();
    expect(await selectedTab(page)).toBe('Following');
    await expectFollowingCards(page, LIMITS.feedFirstPage);
    expect(await page.getByText(EMPTY_LEAD, { exact: true }).count()).toBe(0);
    await contexts.closeAll();
  });

  it('says so briefly when those followed have not reviewed anything yet', async () => {
    await follow(eve, cara.username);
    const page = await signedIn(eve);
    await page.goto('/');
    expect(await selectedTab(page)).toBe('Following');
    await tabPanel(page, 'Following').getByText('No reviews from the people and places you follow yet.', { exact: false }).waitFor();
    expect(await page.getByText(EMPTY_LEAD, { exact: true }).count()).toBe(0);
    await contexts.closeAll();
  });

  it('links @username in a review and a comment to that profile, for existing people only', async () => {
    const postId = await postAtDarkMatter(ben, 'Cortado with a tip', 'Ask @AnnLee about the beans, not @nobody_here. <b>Really</b>.');
    const page = await signedIn(cara);
    await page.goto(postPath(postId));
    const review = page.locator('.full-post__review');
    await review.waitFor();
    const mention = review.getByRole('link', { name: '@AnnLee', exact: true });
    expect(await mention.getAttribute('href')).toBe(`/user/${ann.username}`);
    expect(await review.getByRole('link').count()).toBe(1);
    expect(await review.innerText()).toBe('Ask @AnnLee about the beans, not @nobody_here. <b>Really</b>.');

    await page.getByRole('textbox', { name: 'Add a comment' }).fill('Agreed @benortiz, and @nobody_here too!');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const comment = page.locator('.full-post__comment-text', { hasText: 'Agreed' });
    await comment.getByRole('link', { name: `@${ben.username}`, exact: true }).waitFor();
    expect(await comment.getByRole('link').count()).toBe(1);
    expect(await comment.getByRole('link').getAttribute('href')).toBe(`/user/${ben.username}`);
    await expectAccessible(page);

    await mention.click();
    await page.waitForURL(`**/user/${ann.username}`);
    await contexts.closeAll();
  });

  /** Dark Matter Coffee's reviews as the API lists them. */
  async function darkMatterIds(): Promise<number[]> {
    const answer = await trpcQuery(app.baseUrl, 'post.byEstablishment', { establishment_id: seedPlaceId });
    return answer.json.result.data.posts.map((post: { post_id: number }) => post.post_id);
  }
});
