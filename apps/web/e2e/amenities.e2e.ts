import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITIES, REVIEW_MESSAGES } from '@siplog/contracts';
import { ANN, makePng, registerPerson, trpcQuery, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, startApp, waitForQuietNetwork, type RunningApp } from './harness';
import { LOOP_PLACES, seedPlaces } from './map-fixtures';

/** The screenshot tools' folder (screenshots.ts); AMENITY_SHOTS overrides it. */
const shotsDir = process.env.AMENITY_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');
/** Answers can be slow on a busy 2-core machine: wait up to 10 s for what the screen shows. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const [ROASTERS, TEA_HOUSE] = LOOP_PLACES;

const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Quick Post' });
const detailsOf = (scope: Locator) => scope.locator('details.amenity-chips');
/** The 'Yes' or 'No' chip of one amenity, by its question ('Wi-Fi?'). */
const chip = (scope: Locator, question: string, answer: 'Yes' | 'No') => scope.getByRole('group', { name: question, exact: true }).getByRole('button', { name: answer, exact: true });
const pressed = async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true';
const amenitySection = (page: Page) => page.getByRole('region', { name: 'Amenities' });
/** The lines as seen (the verdict's words for screen readers left out). */
const amenityLines = (page: Page) => amenitySection(page).locator('.place-amenities__line').allInnerTexts();
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('amenities: answered in Quick Post and the review editor, shown on the place page (issue 31)', () => {
  let app: RunningApp;
  let browser: Browser;
  let ann: Session;
  const contexts = new OpenedContexts();
  const ids: Record<string, number> = {};
  const shoot = screenshotTaker(shotsDir);

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ann = await registerPerson(app.baseUrl, app.dataDir, ANN);
    (await seedPlaces(app.dataDir, LOOP_PLACES)).forEach((id, index) => (ids[LOOP_PLACES[index].name] = id));
  });
  afterAll(async () => {
    await contexts.closeAll();
    await browser?.close();
    await app?.stop();
  });

  const open = async (session: Session | null, viewport = DESKTOP) => {
    const opened = await contexts.open(browser, app.baseUrl, viewport);
    await signInContext(opened.context, session);
    return opened.page;
  };

  /** The place page's 'Post' button, then the drawer with a photo, an order and a review. */
  async function startReview(page: Page, placeName: string): Promise<Locator> {
    await page.goto(`/view/${ids[placeName]}`);
    // 'Post Your Review!' while the place has none, 'Post' over its reviews.
    await page.getByRole('button', { name: /^Post( Your Review!)?$/ }).click();
    const drawer = drawerOf(page);
    await drawer.waitFor();
    await drawer.locator('input[type=file]').setInputFiles([{ name: 'cup.png', mimeType: 'image/png', buffer: await makePng(200) }]);
    await drawer.getByLabel('Order', { exact: true }).fill('Flat white');
    await drawer.getByLabel('Review', { exact: true }).fill('A good desk by the window.');
    return drawer;
  }

  it('answers amenities in Quick Post, sees them on the place page, and changes an answer in the review editor', async () => {
    const page = await open(ann);
    const drawer = await startReview(page, ROASTERS.name);

    // Behind a disclosure that says what it holds; every row asks one amenity with two toggle chips.
    const details = detailsOf(drawer);
    expect(await details.getAttribute('open')).toBeNull();
    expect(await details.locator('summary').innerText()).toMatch(/^Add details\s+Wi-Fi, outlets, seating…$/);
    await details.locator('summary').click();
    expect(await details.getByRole('group').count()).toBe(AMENITIES.length);
    await chip(drawer, 'Wi-Fi?', 'Yes').click();
    await chip(drawer, 'Power outlets?', 'No').click();
    // Pressing the chosen answer again clears it; pressing the other one switches.
    await chip(drawer, 'Quiet?', 'Yes').click();
    await chip(drawer, 'Quiet?', 'Yes').click();
    await chip(drawer, 'Decaf?', 'No').click();
    await chip(drawer, 'Decaf?', 'Yes').click();
    expect(await pressed(chip(drawer, 'Wi-Fi?', 'Yes'))).toBe(true);
    expect(await pressed(chip(drawer, 'Quiet?', 'Yes'))).toBe(false);
    expect(await pressed(chip(drawer, 'Quiet?', 'No'))).toBe(false);
    expect(await pressed(chip(drawer, 'Decaf?', 'No'))).toBe(false);
    expect(await details.locator('summary').innerText()).toMatch(/3 answered$/);
    await expectAccessible(page, 'Quick Post with the amenity chips open');
    await chip(drawer, 'Wi-Fi?', 'Yes').scrollIntoViewIfNeeded();
    await shoot(page, 'desktop_quick-post-amenities');

    await drawer.getByRole('button', { name: 'Post review' }).click();
    const posted = page.getByRole('dialog', { name: REVIEW_MESSAGES.posted, exact: true });
    await posted.waitFor();
    await posted.getByRole('button', { name: 'Close' }).click();

    const { json } = await trpcQuery(app.baseUrl, 'post.byEstablishment', { establishment_id: ids[ROASTERS.name] });
    expect(json.result.data.posts[0].amenities).toEqual({ wifi: true, outlets: false, decaf: true });

    // In AMENITIES order, only what was answered.
    await eventually(() => amenityLines(page)).toEqual(['Wi-Fi · 1 of 1 say yes', 'Power outlets · 0 of 1 say yes', 'Decaf · 1 of 1 say yes']);
    const wifiLine = amenitySection(page).getByRole('listitem').filter({ hasText: 'Wi-Fi' });
    expect(await wifiLine.getAttribute('class')).toContain('is-yes');
    // The check or cross is a picture: the verdict is said in words too.
    expect(await wifiLine.textContent()).toContain('Mostly yes.');
    expect(await amenitySection(page).getByRole('listitem').filter({ hasText: 'Power outlets' }).getAttribute('class')).toContain('is-no');
    await expectAccessible(page, 'place page with amenities');
    await amenitySection(page).scrollIntoViewIfNeeded();
    await shoot(page, 'desktop_place-amenities');

    // The review editor starts from the review's answers, open; Wi-Fi changes to No.
    const card = page.getByRole('list', { name: 'Recent Reviews' }).getByRole('listitem').filter({ hasText: 'Flat white' });
    await card.getByRole('button').first().click();
    const full = page.locator('dialog.full-post-modal');
    await full.getByRole('button', { name: 'Edit' }).click();
    const editor = full.getByRole('form', { name: 'Edit your review' });
    expect(await detailsOf(editor).getAttribute('open')).not.toBeNull();
    expect(await pressed(chip(editor, 'Wi-Fi?', 'Yes'))).toBe(true);
    expect(await pressed(chip(editor, 'Power outlets?', 'No'))).toBe(true);
    await chip(editor, 'Wi-Fi?', 'No').click();
    await chip(editor, 'Decaf?', 'Yes').click();
    await full.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const edited = await trpcQuery(app.baseUrl, 'post.byEstablishment', { establishment_id: ids[ROASTERS.name] });
    expect(edited.json.result.data.posts[0].amenities).toEqual({ wifi: false, outlets: false });
    await page.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    await eventually(() => amenityLines(page)).toEqual(['Wi-Fi · 0 of 1 say yes', 'Power outlets · 0 of 1 say yes']);
  });

  it('shows nothing for a place nobody answered about', async () => {
    const page = await open(null);
    await page.goto(`/view/${ids[TEA_HOUSE.name]}`);
    await page.getByRole('heading', { name: TEA_HOUSE.name }).waitFor();
    await waitForQuietNetwork(page);
    expect(await amenitySection(page).count()).toBe(0);
    expect(await page.locator('.place-amenities').count()).toBe(0);
  });

  it('fits a phone: the chips and the place page section at 375 px', async () => {
    const page = await open(ann, PHONE);
    const drawer = await startReview(page, TEA_HOUSE.name);
    // Closed, the disclosure is one line under the rating.
    await detailsOf(drawer).scrollIntoViewIfNeeded();
    expect((await detailsOf(drawer).boundingBox())!.height).toBeLessThan(60);
    await shoot(page, 'phone_quick-post-amenities-closed');
    await detailsOf(drawer).locator('summary').click();
    await chip(drawer, 'Step-free entrance?', 'Yes').click();
    await chip(drawer, 'Dairy-free milks?', 'No').click();
    // Each row's label and both chips on one line, inside the drawer.
    const drawerBox = (await drawer.boundingBox())!;
    for (const question of ['Step-free entrance?', 'Dairy-free milks?', 'Laptop-friendly?']) {
      const yes = (await chip(drawer, question, 'Yes').boundingBox())!;
      const no = (await chip(drawer, question, 'No').boundingBox())!;
      expect(Math.abs(yes.y - no.y), question).toBeLessThan(2);
      expect(no.x + no.width, question).toBeLessThanOrEqual(drawerBox.x + drawerBox.width);
    }
    await chip(drawer, 'Step-free entrance?', 'Yes').scrollIntoViewIfNeeded();
    await shoot(page, 'phone_quick-post-amenities');
    await drawer.getByRole('button', { name: 'Post review' }).click();
    const posted = page.getByRole('dialog', { name: REVIEW_MESSAGES.posted, exact: true });
    await posted.waitFor();
    await posted.getByRole('button', { name: 'Close' }).click();

    await eventually(() => amenityLines(page)).toEqual(['Step-free entrance · 1 of 1 say yes', 'Dairy-free milks · 0 of 1 say yes']);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await amenitySection(page).scrollIntoViewIfNeeded();
    await shoot(page, 'phone_place-amenities');
  });
});
