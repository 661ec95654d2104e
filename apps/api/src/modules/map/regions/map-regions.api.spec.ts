import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionArchive, tileRangeOf } from '@siplog/basemap';
import {
  buildProtomapsFixture,
  FIXTURE_CENTER,
  FIXTURE_SQUARE,
  startRangeServer,
  type ProtomapsFixture,
  type RangeServer,
} from '@siplog/basemap/dist/regions/testing';
import type { MapRegionsAnswer } from '@siplog/contracts';
import { registerAccount, type TestAccount } from '../../../test/accounts';
import { startTestApp, type TestApp } from '../../../test/test-app';

/*
 * Map regions over HTTP (issue 29): an admin adds a region of a Protomaps-schema fixture archive served by a local
 * range server (MAP_SOURCE_URL), the API serves its tiles and names it in the style, and removing it takes it away.
 */
const ADMIN = 'mapboss@example.com';

let fixtureDir: string;
let fixture: ProtomapsFixture;
let source: RangeServer;
let app: TestApp;
let admin: TestAccount;
let ann: TestAccount;

beforeAll(async () => {
  fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-regions-'));
  fixture = await buildProtomapsFixture(path.join(fixtureDir, 'planet.pmtiles'));
  source = await startRangeServer(fixture.file);
  app = await startTestApp({ ADMIN_EMAILS: ADMIN, MAP_SOURCE_URL: source.url });
  admin = await registerAccount(app, 'mapboss');
  ann = await registerAccount(app, 'annmaps');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await source?.close();
  fs.rmSync(fixtureDir, { recursive: true, force: true });
});

const regionsApi = (init: RequestInit & { as?: TestAccount } = {}, suffix = '') =>
  fetch(`${app.baseUrl}/api/admin/map-regions${suffix}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.as ?? admin).auth, ...(init.headers as Record<string, string>) },
  });
const listed = async (): Promise<MapRegionsAnswer> => (await regionsApi()).json() as Promise<MapRegionsAnswer>;
const tile = (z: number, x: number, y: number, headers: Record<string, string> = { 'Accept-Encoding': 'gzip' }) =>
  fetch(`${app.baseUrl}/api/map/tiles/regions/${z}/${x}/${y}.pbf`, { headers });
const style = async (theme = 'light') => (await (await fetch(`${app.baseUrl}/api/map/style.json?theme=${theme}`)).json()) as any;
const mapConfig = async () => (await app.trpc('query', 'map.config')).data;

/** Waits (bounded) until the region's job is over: installed, or failed. */
async function settled(slug: string): Promise<MapRegionsAnswer> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await listed();
    const job = answer.jobs.find((entry) => entry.slug === slug);
    if (!job && answer.regions.some((region) => region.slug === slug)) return answer;
    if (job?.phase === 'failed') throw new Error(`the fetch failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${slug} was not added within 30 s`);
}

describe('map regions, added and removed by an admin', () => {
  it('keeps the calls to admins: 401 for a guest, 403 for anyone else, on REST and tRPC', async () => {
    expect((await fetch(`${app.baseUrl}/api/admin/map-regions`)).status).toBe(401);
    expect((await regionsApi({ as: ann })).status).toBe(403);
    expect((await regionsApi({ as: ann, method: 'POST', body: JSON.stringify({ where: 'Lagos, PT' }) })).status).toBe(403);
    expect((await app.trpc('query', 'admin.mapRegions', undefined, ann.auth)).status).toBe(403);
    expect(await listed()).toEqual({ regions: [], jobs: [] });
  });

  it('refuses a where nobody can find, an empty one, a bad radius and a bad name, saying what to type', async () => {
    const refused = async (body: unknown) => {
      const response = await regionsApi({ method: 'POST', body: JSON.stringify(body) });
      return { status: response.status, message: ((await response.json()) as { msg: string }).msg };
    };
    expect(await refused({ where: 'Nowhere Special Town' })).toEqual({
      status: 404,
      message: expect.stringMatching(/No city or area called 'Nowhere Special Town'.*west,south,east,north/),
    });
    expect(await refused({ where: '  ' })).toMatchObject({ status: 400, message: expect.stringMatching(/Type a city or area name/) });
    expect((await refused({ where: 'Lisbon', radius_km: 500 })).status).toBe(400);
    expect(await refused({ where: '-9,38,-10,39' })).toMatchObject({ status: 400, message: expect.stringMatching(/west/) });
    expect(await refused({ where: '-10,35,0,45' })).toMatchObject({ status: 400, message: expect.stringMatching(/km²/) });
    expect((await regionsApi({ method: 'DELETE' }, '/Not_A_Slug')).status).toBe(400);
    expect((await regionsApi({ method: 'DELETE' }, '/no-such-region')).status).toBe(404);
    expect(await listed()).toEqual({ regions: [], jobs: [] });
  });

  it('adds a town by name: fetched by range requests, a small part of the archive, then served with the world tiles', async () => {
    const requestsBefore = source.requests.length;
    const bytesBefore = source.bytesSent();
    const started = await regionsApi({ method: 'POST', body: JSON.stringify({ where: 'Lagos, PT' }) });
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ slug: 'lagos-pt', name: 'Lagos, PT', where: 'Lagos, PT', phase: 'directory', error: null });

    const { regions } = await settled('lagos-pt');
    const [region] = regions;
    expect(region).toMatchObject({ slug: 'lagos-pt', name: 'Lagos, PT', min_zoom: 0, max_zoom: 14, source: source.url });
    const fetched = source.bytesSent() - bytesBefore;
    expect(region.bytes_fetched).toBe(fetched);
    expect(fetched).toBeLessThan(fixture.bytes * 0.2);
    // Few requests, little waste: the header, the directories and the tiles, with at most a tenth more in gaps.
    expect(fetched).toBeLessThan(region.bytes_on_disk * 1.25);
    expect(source.requests.slice(requestsBefore).every((request) => request.range !== null)).toBe(true);
    expect(region.bytes_on_disk).toBe(fs.statSync(path.join(app.config.mapDir, 'lagos-pt.pmtiles')).size);
    expect(fs.readdirSync(app.config.mapDir).filter((name) => name.startsWith('.'))).toEqual([]);

    // A tile in the town: the archive's bytes, as the world tiles are sent.
    const original = RegionArchive.open(fixture.file);
    try {
      const z = 14;
      const range = tileRangeOf(region.bbox, z);
      const [x, y] = [range.minX + 1, range.minY + 1];
      const response = await tile(z, x, y);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-protobuf');
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await response.arrayBuffer());
      // fetch undoes the gzip; the bytes are the archive's tile.
      expect(body.equals(zlib.gunzipSync(original.tile(z, x, y)!))).toBe(true);
      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]+-regions-14-/);
      expect((await tile(z, x, y, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(304);
      const plain = await tile(z, x, y, { 'Accept-Encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(Buffer.from(await plain.arrayBuffer()).equals(body)).toBe(true);

      // Inside the fixture's square but outside the town: no region has it.
      const outside = tileRangeOf(FIXTURE_SQUARE, z);
      expect(original.tile(z, outside.minX, outside.minY)).toBeDefined();
      const empty = await tile(z, outside.minX, outside.minY);
      expect(empty.status).toBe(204);
      expect(empty.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await tile(23, 0, 0)).status).toBe(400);
    } finally {
      original.close();
    }
  });

  it('names the region in both styles, with its attribution, and opens the map on it', async () => {
    for (const theme of ['light', 'dark']) {
      const { sources, layers } = await style(theme);
      expect(sources.regions.tiles[0]).toMatch(new RegExp(`^${app.baseUrl}/api/map/tiles/regions/\\{z\\}/\\{x\\}/\\{y\\}\\.pbf\\?v=[0-9a-f]+$`));
      expect(sources.regions.attribution).toMatch(/OpenStreetMap.*Protomaps/);
      expect(sources.regions.maxzoom).toBe(14);
      expect(layers.map((layer: { id: string }) => layer.id)).toEqual(expect.arrayContaining(['region-roads_minor', 'region-places_locality']));
    }
    const { center } = await mapConfig();
    expect(center.lat).toBeCloseTo(FIXTURE_CENTER.lat, 3);
    expect(center.lng).toBeCloseTo(FIXTURE_CENTER.lng, 3);
  });

  it('lists the same on tRPC, and takes a second, overlapping region by bounding box', async () => {
    const versionBefore = (await style()).sources.regions.tiles[0];
    const added = await app.trpc('mutation', 'admin.addMapRegion', { where: '-8.69,37.09,-8.66,37.11' }, admin.auth);
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ slug: 'lagos-pt-area', name: 'Lagos, PT area' });
    await settled('lagos-pt-area');
    const { data } = await app.trpc('query', 'admin.mapRegions', undefined, admin.auth);
    expect(data.regions.map((region: { slug: string }) => region.slug)).toEqual(['lagos-pt', 'lagos-pt-area']);
    const { sources } = await style();
    // New regions, new tile URLs: what browsers kept of the old set is not used.
    expect(sources.regions.tiles[0]).not.toBe(versionBefore);
    expect(sources.regions.bounds).toEqual([-8.69, 37.09, -8.66, 37.11].map((value, index) =>
      index < 2 ? Math.min(value, data.regions[0].bbox[['west', 'south'][index]]) : Math.max(value, data.regions[0].bbox[['east', 'north'][index - 2]]),
    ));
  });

  it('removes a region: its tiles go, the style and the map config follow', async () => {
    const inside = tileRangeOf((await listed()).regions[0].bbox, 14);
    expect((await tile(14, inside.minX, inside.minY)).status).toBe(200);
    expect((await regionsApi({ method: 'DELETE' }, '/lagos-pt')).status).toBe(200);
    expect((await app.trpc('mutation', 'admin.removeMapRegion', { slug: 'lagos-pt-area' }, admin.auth)).data).toEqual({ removed: 'lagos-pt-area' });
    expect(await listed()).toEqual({ regions: [], jobs: [] });
    expect(fs.readdirSync(app.config.mapDir)).toEqual([]);
    expect((await tile(14, inside.minX, inside.minY)).status).toBe(204);
    expect((await style()).sources.regions).toBeUndefined();
    expect((await mapConfig()).center).toBeUndefined();
  });

  it('adds a .pmtiles file sent from the admin panel, whole, and refuses what is not one', async () => {
    const upload = async (bytes: Buffer, fileName: string, as: TestAccount = admin) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
      const response = await fetch(`${app.baseUrl}/api/admin/map-regions/upload`, { method: 'POST', headers: as.auth, body: form });
      return { status: response.status, body: (await response.json()) as any };
    };
    expect((await upload(Buffer.from('x'), 'town.pmtiles', ann)).status).toBe(403);
    expect(await upload(Buffer.from('hello'), 'notes.txt')).toEqual({ status: 400, body: { status: 400, msg: expect.stringMatching(/Only a \.pmtiles file/) } });
    const noFile = await fetch(`${app.baseUrl}/api/admin/map-regions/upload`, { method: 'POST', headers: admin.auth, body: new FormData() });
    expect(noFile.status).toBe(400);

    const sent = await upload(fs.readFileSync(fixture.file), 'Harbour Town.pmtiles');
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ slug: 'harbour-town', name: 'Harbour Town', where: 'Harbour Town.pmtiles' });
    const { regions } = await settled('harbour-town');
    expect(regions.find((region) => region.slug === 'harbour-town')).toMatchObject({ tiles: fixture.tiles, max_zoom: 14 });

    // Not an archive: the job says why, and nothing is served.
    const bogus = await upload(Buffer.alloc(4096, 1), 'bogus.pmtiles');
    expect(bogus.status).toBe(202);
    await expect(settled('bogus')).rejects.toThrow(/the fetch failed: .*bogus\.pmtiles.*PMTiles/);
    const reason = (await listed()).jobs.find((job) => job.slug === 'bogus')!.error!;
    expect(reason).not.toContain(app.config.uploadsDir);
    expect(fs.readdirSync(app.config.mapDir)).not.toContain('bogus.pmtiles');
    // Every received file is gone once installed or refused.
    expect(fs.readdirSync(app.config.uploadsDir)).toEqual([]);
    expect((await regionsApi({ method: 'DELETE' }, '/bogus')).status).toBe(200);
    expect((await regionsApi({ method: 'DELETE' }, '/harbour-town')).status).toBe(200);
  });

  it('serves a region the CLI writes into DATA_DIR/map while the server runs, and drops it when the file goes', async () => {
    const { extractRegion } = await import('@siplog/basemap');
    await extractRegion({
      source: fixture.file,
      bbox: { west: -8.7, south: 37.08, east: -8.65, north: 37.12 },
      outFile: path.join(app.config.mapDir, 'old-town.pmtiles'),
      info: { name: 'Old Town', where: '-8.7,37.08,-8.65,37.12' },
    });
    const waitFor = async (ok: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 100 && !(await ok()); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
      return ok();
    };
    expect(await waitFor(async () => (await style()).sources.regions !== undefined)).toBe(true);
    expect((await listed()).regions.map((region) => region.name)).toEqual(['Old Town']);
    fs.rmSync(path.join(app.config.mapDir, 'old-town.pmtiles'));
    expect(await waitFor(async () => (await style()).sources.regions === undefined)).toBe(true);
  });
});

describe('MAP_CENTER', () => {
  it('sets where the map opens, whatever regions there are', async () => {
    const other = await startTestApp({ MAP_CENTER: '38.7167,-9.1333' });
    try {
      expect((await other.trpc('query', 'map.config')).data.center).toEqual({ lat: 38.7167, lng: -9.1333 });
    } finally {
      await other.close();
    }
  });
});
