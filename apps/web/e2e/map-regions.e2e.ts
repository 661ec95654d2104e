/**
 * Issue 29 in the browser: a region installed with `pnpm map:add` from the fixture town (served on 127.0.0.1) before
 * the server starts; the home page opens at it and draws its streets, labels, park and water in light and dark, with
 * the attribution, and no request leaves the machine. Screenshots at 1280 and 375 px go to the screens folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, OpenedContexts, PHONE, screenshotTaker, startApp, waitForQuietNetwork, type ColorScheme, type RunningApp } from './harness';
import { addRegionWithCli, startFixtureSource, watchRequests, type FixtureSource } from './map-region-fixtures';

/** The screenshot tools' folder (screenshots.ts); MAP_REGION_SHOTS overrides it. */
const shotsDir = process.env.MAP_REGION_SHOTS ?? path.join(os.tmpdir(), 'siplog-screens');

interface DrawnRegion {
  center: { lat: number; lng: number };
  zoom: number;
  /** Rendered features of the region's layers: layer id → the names they carry ('' for none). */
  layers: Record<string, string[]>;
}

/** What the map draws from the 'regions' source now, asked of MapLibre itself (the map element keeps it for tests). */
function drawnRegion(page: Page): Promise<DrawnRegion> {
  return page.locator('.map-view__canvas').evaluate((element) => {
    interface Feature {
      layer: { id: string };
      properties: Record<string, unknown> | null;
    }
    const map = (element as HTMLElement & { glMap?: Record<string, (...args: unknown[]) => unknown> }).glMap;
    if (!map) throw new Error('the map element holds no map');
    const style = map.getStyle() as { layers: { id: string; source?: string }[] };
    const ids = style.layers.filter((layer) => layer.source === 'regions').map((layer) => layer.id);
    const canvas = map.getCanvas() as HTMLCanvasElement;
    const box = [[0, 0], [canvas.clientWidth, canvas.clientHeight]];
    const features = ids.length > 0 ? (map.queryRenderedFeatures(box, { layers: ids }) as Feature[]) : [];
    const layers: Record<string, string[]> = {};
    for (const feature of features) (layers[feature.layer.id] ??= []).push(String(feature.properties?.name ?? ''));
    const center = map.getCenter() as { lat: number; lng: number };
    return { center: { lat: center.lat, lng: center.lng }, zoom: map.getZoom() as number, layers };
  });
}

/** Jumps the map to `zoom` where it is (through the MapLibre map the element keeps for tests). */
async function zoomTo(page: Page, zoom: number) {
  await page.locator('.map-view__canvas').evaluate((element, level) => {
    const map = (element as HTMLElement & { glMap?: { jumpTo: (options: object) => void } }).glMap;
    if (!map) throw new Error('the map element holds no map');
    map.jumpTo({ zoom: level });
  }, zoom);
}

const namesIn = (drawn: DrawnRegion, prefix: string) =>
  Object.entries(drawn.layers)
    .filter(([id]) => id.startsWith(prefix))
    .flatMap(([, names]) => names.filter(Boolean));

/** The map's first view is drawn: the loading layer is gone and every tile asked for has arrived. */
async function openHome(page: Page) {
  await page.goto('/');
  await page.locator('.map-view canvas').waitFor();
  await page.locator('.map-view__loading').waitFor({ state: 'detached' });
  await page.locator('.map-view:not([data-moving])').waitFor();
  await waitForQuietNetwork(page);
}

describe('the home map over an installed region', () => {
  let source: FixtureSource;
  let dataDir: string;
  let app: RunningApp;
  let browser: Browser;
  let installed: string;
  const contexts = new OpenedContexts();

  beforeAll(async () => {
    source = await startFixtureSource();
    // The operator's way: the region is fetched before the server starts, into the DATA_DIR the server is given.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-e2e-regions-'));
    // 8 km each way: the town's park and lake lie 4.5 and 5.5 km from its centre.
    installed = await addRegionWithCli(dataDir, 'Lagos, PT', source.url, ['--radius', '8']);
    app = await startApp({ DATA_DIR: dataDir });
    browser = await launchBrowser();
  });
  afterEach(() => contexts.closeAll());
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await source?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('was installed by pnpm map:add from the local source, a small part of the archive', async () => {
    expect(installed).toMatch(/Added lagos-pt: \d+ tiles/);
    expect(fs.existsSync(path.join(dataDir, 'map', 'lagos-pt.pmtiles'))).toBe(true);
    // A 16 km square of the fixture's 30 km one, fetched by ranges: well under the whole archive.
    expect(source.server.bytesSent()).toBeLessThan(source.fixture.bytes * 0.5);
    expect(source.server.requests.every((request) => request.range !== null)).toBe(true);
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`opens at the region and draws its streets and labels (${colorScheme}), asking nothing of any other host`, async () => {
      const { page } = await contexts.open(browser, app.baseUrl, DESKTOP, { colorScheme });
      const requests = watchRequests(page);
      await openHome(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);

      // The region's tiles arrive after the first view settles: wait (bounded) until MapLibre has drawn its roads.
      let drawn = await drawnRegion(page);
      await expect
        .poll(async () => namesIn((drawn = await drawnRegion(page)), 'region-roads_labels_').length, { timeout: 15_000, interval: 250 })
        .toBeGreaterThan(0);

      // map.config's centre is the first region's: the fixture town the gazetteer calls Lagos, PT.
      expect(drawn.center.lat).toBeCloseTo(source.center.lat, 3);
      expect(drawn.center.lng).toBeCloseTo(source.center.lng, 3);
      const roads = Object.entries(drawn.layers).filter(([id]) => /^region-roads_(?!labels)/.test(id));
      expect(roads.reduce((sum, [, features]) => sum + features.length, 0)).toBeGreaterThan(5);
      const labelled = namesIn(drawn, 'region-roads_labels_');
      expect(labelled.every((name) => source.roadNames.includes(name)), labelled.join(', ')).toBe(true);
      expect(namesIn(drawn, 'region-places_')).toContain(source.locality);

      // Zoomed out over the whole region: its park and its lake are drawn too.
      await zoomTo(page, 11);
      await expect
        .poll(async () => {
          drawn = await drawnRegion(page);
          return ['region-landuse_park', 'region-water'].filter((id) => (drawn.layers[id]?.length ?? 0) > 0);
        }, { timeout: 15_000, interval: 250 })
        .toEqual(['region-landuse_park', 'region-water']);

      const attribution = (await page.locator('.maplibregl-ctrl-attrib').textContent()) ?? '';
      expect(attribution).toContain('OpenStreetMap');
      expect(attribution).toContain('Protomaps');
      expect(requests.urls.some((url) => url.includes('/api/map/tiles/regions/'))).toBe(true);
      expect(requests.offBox()).toEqual([]);
    });
  }

  it('looks right at 1280 and 375 px in light and dark (screenshots)', async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    const shoot = screenshotTaker(shotsDir, { settleMs: 500 });
    for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
      for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const { page } = await contexts.open(browser, app.baseUrl, viewport, { colorScheme });
        const requests = watchRequests(page);
        await openHome(page);
        await expect.poll(async () => namesIn(await drawnRegion(page), 'region-roads_').length, { timeout: 15_000, interval: 250 }).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), label).toBeLessThanOrEqual(0);
        await shoot(page, `map-region-home-${label}-${colorScheme}`);
        if (label === 'desktop') {
          // The whole region with its park, lake and coast, and the world map around it.
          await zoomTo(page, 11);
          await expect.poll(async () => (await drawnRegion(page)).layers['region-landuse_park']?.length ?? 0, { timeout: 15_000, interval: 250 }).toBeGreaterThan(0);
          await shoot(page, `map-region-home-${label}-${colorScheme}-z11`);
        }
        expect(requests.offBox()).toEqual([]);
      }
      await contexts.closeAll();
    }
  });
});
