/**
 * Issue 29: the admin screen's 'Map regions' panel against the fixture town (MAP_SOURCE_URL on 127.0.0.1, behind a gate
 * that holds or refuses the tile bytes): a region added by bounding box shows its progress bar then its row, one added
 * by name lands too, a bad input shows the server's words, a failed fetch is dismissed, and Remove (after a Yes) takes
 * the region out of the map's style.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAP_REGION_MESSAGES } from '@siplog/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerPerson, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, startApp, type ColorScheme, type RunningApp } from './harness';
import { startFixtureSource, startGatedSource, tileDataOffset, watchRequests, type FixtureSource, type GatedSource } from './map-region-fixtures';

const ADMIN_PATH = 'ops-map-29';
const MAPPER: Person = { email: 'mara.admin@example.com', firstname: 'Mara', lastname: 'Pinto', username: 'marapinto', password: 'Secret123' };
/** A box inside the fixture town; the gazetteer's nearest place names it. */
const TOWN_BOX = '-8.70,37.08,-8.65,37.12';
const BOX_REGION = { name: 'Lagos, PT area', slug: 'lagos-pt-area' };
const NAMED_REGION = { name: 'Lagos, PT', slug: 'lagos-pt' };
const shotsDir = process.env.MAP_REGION_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');

const panelOf = (page: Page) => page.getByRole('region', { name: 'Map regions' });
const installedList = (page: Page) => page.getByRole('list', { name: 'Installed regions' });
const fetchingList = (page: Page) => page.getByRole('list', { name: 'Regions being fetched' });
const regionCard = (list: Locator, name: string) => list.getByRole('listitem', { name, exact: true });

describe("the admin 'Map regions' panel", () => {
  let source: FixtureSource;
  let gate: GatedSource;
  let app: RunningApp;
  let browser: Browser;
  let mapper: Session;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    source = await startFixtureSource();
    gate = await startGatedSource(source.url, tileDataOffset(source.fixture.file));
    app = await startApp({ ADMIN_EMAILS: MAPPER.email, ADMIN_PATH, MAP_SOURCE_URL: gate.url });
    browser = await launchBrowser();
    mapper = await registerPerson(app.baseUrl, app.dataDir, MAPPER);
  });
  afterEach(async () => {
    gate.set('pass');
    await contexts.closeAll();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await gate?.stop();
    await source?.close();
  });

  /** The admin screen with the Map regions panel open. */
  const openPanel = async (viewport = DESKTOP, colorScheme: ColorScheme = 'light') => {
    const { context, page } = await contexts.open(browser, app.baseUrl, viewport, { colorScheme });
    await signInContext(context, mapper);
    await page.goto(`/admin/${ADMIN_PATH}`);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    const toggle = page.getByRole('button', { name: 'Map regions' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await panelOf(page).getByRole('heading', { name: 'Installed', level: 3 }).waitFor();
    return page;
  };
  const fill = async (page: Page, where: string, radius = '') => {
    await page.getByLabel('City, area or bounding box').fill(where);
    await page.getByLabel('Radius (km, optional)').fill(radius);
    await page.getByRole('button', { name: 'Add region' }).click();
  };
  const regionsInStyle = async () => {
    const style = (await (await fetch(`${app.baseUrl}/api/map/style.json`)).json()) as { sources: Record<string, unknown>; layers: { id: string }[] };
    return { source: 'regions' in style.sources, layers: style.layers.filter((layer) => layer.id.startsWith('region-')).length };
  };

  it('says what a region is while there is none, and a bad input gets the reason beside the box, what was typed kept', async () => {
    const page = await openPanel();
    const panel = panelOf(page);
    const empty = await panel.locator('.map-regions__empty').innerText();
    expect(empty).toContain("pnpm map:add '<city>'");
    expect(empty).toMatch(/streets/);
    await expectAccessible(page, 'admin map regions (empty)');

    // The server's words: the name is not in its gazetteer.
    await fill(page, 'Nowhere Special Town');
    const where = page.getByLabel('City, area or bounding box');
    const error = panel.getByRole('alert');
    await error.waitFor();
    expect(await error.innerText()).toBe(MAP_REGION_MESSAGES.notFound('Nowhere Special Town'));
    expect(await where.inputValue()).toBe('Nowhere Special Town');
    expect(await where.getAttribute('aria-invalid')).toBe('true');
    expect(await where.evaluate((element) => element === document.activeElement)).toBe(true);
    fs.mkdirSync(shotsDir, { recursive: true });
    await screenshotTaker(shotsDir, { settleMs: 0 })(page, 'admin-map-regions-empty-error-desktop', true);

    // Plainly wrong input is caught before it is sent.
    await fill(page, TOWN_BOX, '5');
    expect(await panel.getByRole('alert').innerText()).toMatch(/bounding box already says how far/);
    expect(await page.getByLabel('Radius (km, optional)').getAttribute('aria-invalid')).toBe('true');
    await fill(page, '   ');
    expect(await panel.getByRole('alert').innerText()).toBe(MAP_REGION_MESSAGES.whereRequired);
    expect(await panel.locator('.map-regions__empty').count()).toBe(1);
  });

  it('adds a region by bounding box: the bar while its tiles come, then its row', async () => {
    gate.set('trickle');
    const page = await openPanel();
    const panel = panelOf(page);
    const requests = watchRequests(page);
    await fill(page, TOWN_BOX);

    // The directory is read (the phase shows at once), then one batch of tiles came: the bar has its end (the bytes
    // to fetch) and stands part-way.
    const job = regionCard(fetchingList(page), BOX_REGION.name);
    await job.getByText('Fetching tiles…').waitFor();
    const bar = job.getByRole('progressbar');
    for (let attempt = 0; attempt < 100 && !(Number(await bar.getAttribute('value')) > 0); attempt++) await page.waitForTimeout(100);
    const [value, max] = [Number(await bar.getAttribute('value')), Number(await bar.getAttribute('max'))];
    expect(max).toBeGreaterThan(10_000);
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThan(max);
    expect(await job.innerText()).toMatch(/\d+ tiles: \d+ KB of \d+ KB\s+\d+ %/);
    expect(await job.innerText()).toContain(BOX_REGION.slug);
    expect(await page.getByLabel('City, area or bounding box').inputValue()).toBe('');
    expect(gate.held()).toBeGreaterThan(0);
    await expectAccessible(page, 'admin map regions (fetching)');
    await screenshotTaker(shotsDir, { settleMs: 0 })(page, 'admin-map-regions-fetching-desktop', true);

    gate.set('pass');
    const row = regionCard(installedList(page), BOX_REGION.name);
    await row.waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('status').innerText()).toMatch(new RegExp(`${BOX_REGION.name} added: \\d+ tiles, .+ on disk\\.`));
    const facts = await row.innerText();
    expect(facts).toContain(BOX_REGION.slug);
    expect(facts).toMatch(/z0–14/);
    expect(facts).toMatch(/On disk\s+\d+(\.\d)? (KB|MB)/i);
    expect(await fetchingList(page).count()).toBe(0);
    expect(await regionsInStyle()).toMatchObject({ source: true });
    expect(requests.offBox()).toEqual([]);
  });

  it('shows why a fetch the source refused failed until it is dismissed; the same name then adds cleanly', async () => {
    const page = await openPanel();
    gate.set('refuse');
    await fill(page, 'Lagos, PT');
    const failed = regionCard(fetchingList(page), NAMED_REGION.name);
    await failed.getByText('Failed').waitFor({ timeout: 20_000 });
    expect(await failed.getByRole('alert').innerText()).toMatch(/403/);
    expect(await failed.getByRole('progressbar').count()).toBe(0);
    await failed.getByRole('button', { name: 'Dismiss' }).click();
    await failed.waitFor({ state: 'detached' });
    expect(await installedList(page).getByRole('listitem').count()).toBe(1);

    gate.set('pass');
    await fill(page, 'Lagos, PT');
    const row = regionCard(installedList(page), NAMED_REGION.name);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain(NAMED_REGION.slug);
    expect(await installedList(page).getByRole('listitem').count()).toBe(2);
  });

  it('fits a phone: the form, the rows and the Remove buttons at 375 px (screenshots at 375 and 1280 px)', async () => {
    const phone = await openPanel(PHONE);
    await regionCard(installedList(phone), NAMED_REGION.name).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(phone, 'admin map regions (phone)');
    const shoot = screenshotTaker(shotsDir, { settleMs: 0 });
    await shoot(phone, 'admin-map-regions-phone', true);
    for (const colorScheme of ['light', 'dark'] as const) {
      const desktop = await openPanel(DESKTOP, colorScheme);
      await regionCard(installedList(desktop), NAMED_REGION.name).waitFor();
      await shoot(desktop, `admin-map-regions-desktop-${colorScheme}`, true);
    }
  });

  it('removes a region only after a Yes, and the last one takes the regions out of the map style', async () => {
    const page = await openPanel();
    const installed = installedList(page);
    await regionCard(installed, BOX_REGION.name).waitFor();

    // No keeps it.
    await regionCard(installed, BOX_REGION.name).getByRole('button', { name: `Remove ${BOX_REGION.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${BOX_REGION.name}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await regionCard(installed, BOX_REGION.name).count()).toBe(1);

    for (const region of [BOX_REGION, NAMED_REGION]) {
      await regionCard(installed, region.name).getByRole('button', { name: `Remove ${region.name}` }).click();
      await page.getByRole('dialog', { name: `Remove ${region.name}?` }).getByRole('button', { name: 'Yes' }).click();
      await regionCard(installed, region.name).waitFor({ state: 'detached' });
      expect(fs.existsSync(path.join(app.dataDir, 'map', `${region.slug}.pmtiles`))).toBe(false);
    }
    await panelOf(page).locator('.map-regions__empty').waitFor();
    expect(await panelOf(page).getByText('No regions installed.').count()).toBe(1);
    await expect.poll(regionsInStyle).toEqual({ source: false, layers: 0 });
  });
});
