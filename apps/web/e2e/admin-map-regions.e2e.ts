/**
 * Issue 29: the admin screen's 'Map regions' panel against the fixture town (MAP_SOURCE_URL on 127.0.0.1, behind a gate
 * that holds or refuses the tile bytes): a region added by bounding box shows its progress bar then its row, one added
 * by name lands too, a bad input shows the server's words, a failed fetch is dismissed, and Remove (after a Yes) takes
 * the region out of the map's style; a .pmtiles file the operator has is uploaded with its own bar and installed, and a
 * file that is none is refused (before sending) or fails with its reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAP_REGION_MESSAGES } from '@siplog/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerPerson, type Person, type Session } from './fixtures';
import { DESKTOP, expectAccessible, launchBrowser, OpenedContexts, PHONE, screenshotTaker, signInContext, startApp, type ColorScheme, type RunningApp } from './harness';
import {
  filesToUpload,
  startFixtureSource,
  startGatedSource,
  throttleUploads,
  tileDataOffset,
  watchRequests,
  type FixtureSource,
  type GatedSource,
} from './map-region-fixtures';

const ADMIN_PATH = 'ops-map-29';
const MAPPER: Person = { email: 'mara.admin@example.com', firstname: 'Mara', lastname: 'Pinto', username: 'marapinto', password: 'Secret123' };
/** A box inside the fixture town; the gazetteer's nearest place names it. */
const TOWN_BOX = '-8.70,37.08,-8.65,37.12';
const BOX_REGION = { name: 'Lagos, PT area', slug: 'lagos-pt-area' };
const NAMED_REGION = { name: 'Lagos, PT', slug: 'lagos-pt' };
/** The fixture archive as an operator's own file: the region is named after it. */
const UPLOADED_REGION = 'harbour-town';
const FILE_LABEL = 'Or add a .pmtiles file you already have';
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

  it("adds a .pmtiles file with the upload's bar, refuses a text file before sending, and a file that is no archive fails with its reason", async () => {
    const files = filesToUpload(source.fixture.file, UPLOADED_REGION);
    try {
      const page = await openPanel();
      const panel = panelOf(page);
      const requests = watchRequests(page);
      const fileBox = page.getByLabel(FILE_LABEL);
      expect(await fileBox.getAttribute('accept')).toBe('.pmtiles');
      const upload = page.getByRole('button', { name: 'Upload', exact: true });
      const chosenFile = () => fileBox.evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? null);

      // Nothing chosen, then a text file: the server's words, beside the box, and nothing sent.
      await upload.click();
      expect(await panel.getByRole('alert').innerText()).toBe(MAP_REGION_MESSAGES.uploadMissing);
      await fileBox.setInputFiles(files.text);
      await upload.click();
      expect(await panel.getByRole('alert').innerText()).toBe(MAP_REGION_MESSAGES.uploadNotPmtiles);
      expect(await fileBox.getAttribute('aria-invalid')).toBe('true');
      expect(await fileBox.getAttribute('aria-describedby')).toBe('map-region-file-error');
      expect(await chosenFile()).toBe('notes.txt');
      expect(requests.urls.filter((url) => url.includes('/map-regions/upload'))).toEqual([]);
      fs.mkdirSync(shotsDir, { recursive: true });
      const shoot = screenshotTaker(shotsDir, { settleMs: 0 });
      await shoot(page, 'admin-map-regions-upload-refused-desktop', true);

      // The archive, sent slowly enough (about 6 s) to watch its bar stand part-way.
      const archiveBytes = fs.statSync(files.archive).size;
      const unthrottle = await throttleUploads(page, Math.max(1024, Math.round(archiveBytes / 6)));
      await fileBox.setInputFiles(files.archive);
      expect(await panel.getByRole('alert').count()).toBe(0);
      await upload.click();
      const bar = panel.getByRole('progressbar', { name: `Uploading ${UPLOADED_REGION}.pmtiles` });
      await bar.waitFor();
      let partWay = 0;
      for (let attempt = 0; attempt < 100 && !(partWay > 0 && partWay < 1); attempt++) {
        partWay = Number((await bar.getAttribute('value').catch(() => null)) ?? 0);
        if (!(partWay > 0 && partWay < 1)) await page.waitForTimeout(50);
      }
      expect(partWay).toBeGreaterThan(0);
      expect(partWay).toBeLessThan(1);
      expect(await bar.getAttribute('max')).toBe('1');
      expect(await panel.locator('.map-regions__sending').innerText()).toMatch(/^\d+(\.\d)? (bytes|KB|MB) of \d+(\.\d)? (KB|MB) sent\s+\d+ %$/);
      expect(await panel.getByRole('button', { name: 'Uploading…' }).getAttribute('aria-disabled')).toBe('true');
      // Not the harness's taker: it waits for a quiet network, which comes only once the upload has ended.
      await page.screenshot({ path: path.join(shotsDir, 'admin-map-regions-uploading-desktop.png'), fullPage: true });
      await expectAccessible(page, 'admin map regions (uploading)');
      await unthrottle();

      // Installed in the background, the job lands like a fetch: its row, the file box emptied for the next.
      const row = regionCard(installedList(page), UPLOADED_REGION);
      await row.waitFor({ timeout: 20_000 });
      expect(await row.innerText()).toMatch(/z0–14/);
      await bar.waitFor({ state: 'detached' });
      expect(await chosenFile()).toBeNull();
      expect(fs.existsSync(path.join(app.dataDir, 'map', `${UPLOADED_REGION}.pmtiles`))).toBe(true);

      // Named .pmtiles but no archive: sent, then its job fails with the reason until dismissed.
      await fileBox.setInputFiles(files.notAnArchive);
      await upload.click();
      const failed = regionCard(fetchingList(page), 'bogus');
      await failed.getByText('Failed').waitFor({ timeout: 20_000 });
      expect(await failed.getByRole('alert').innerText()).toMatch(/PMTiles/);
      expect(await failed.innerText()).toContain('bogus.pmtiles');
      await shoot(page, 'admin-map-regions-upload-failed-desktop', true);
      await failed.getByRole('button', { name: 'Dismiss' }).click();
      await failed.waitFor({ state: 'detached' });
      expect(await fetchingList(page).count()).toBe(0);
      expect(requests.offBox()).toEqual([]);

      // A phone: the file box, its refusal and the uploaded row fit 375 px.
      const phone = await openPanel(PHONE);
      await regionCard(installedList(phone), UPLOADED_REGION).waitFor();
      await phone.getByLabel(FILE_LABEL).setInputFiles(files.text);
      await phone.getByRole('button', { name: 'Upload', exact: true }).click();
      expect(await panelOf(phone).getByRole('alert').innerText()).toBe(MAP_REGION_MESSAGES.uploadNotPmtiles);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectAccessible(phone, 'admin map regions upload (phone)');
      // From the top, so the full-page shot does not paint the sticky header where the page was scrolled to.
      await phone.evaluate(() => window.scrollTo(0, 0));
      await shoot(phone, 'admin-map-regions-upload-phone', true);
    } finally {
      files.cleanup();
    }
  });
});
