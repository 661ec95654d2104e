/**
 * Map regions in browser tests (issue 29): the made-up Protomaps town around Lagos, PT served by a local range server
 * (never the internet), the CLI that installs a region before the app starts, a gate that holds (or refuses) the tile
 * fetch so a test sees the progress bar (or a failure), and a watch on every request a page makes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type * as BasemapTesting from '../../../packages/basemap/dist/regions/testing';
import { SUPPORT_EMAIL } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const regionsCli = path.resolve(here, '../../api/dist/modules/map/regions/map-regions.cli.js');

// The web app does not depend on @siplog/basemap; the API (a dev dependency here) does, so its fixtures load through it.
const { buildProtomapsFixture, startRangeServer, FIXTURE_CENTER, FIXTURE_LOCALITY, FIXTURE_ROAD_NAMES } = createRequire(path.resolve(here, '../../api/package.json'))(
  '@siplog/basemap/dist/regions/testing',
) as typeof BasemapTesting;
type ProtomapsFixture = BasemapTesting.ProtomapsFixture;
type RangeServer = BasemapTesting.RangeServer;

export interface FixtureSource {
  fixture: ProtomapsFixture;
  server: RangeServer;
  /** The archive's URL on 127.0.0.1: what MAP_SOURCE_URL or `--source` names. */
  url: string;
  /** The town's centre: the gazetteer's Lagos, PT, which the fixture square is centred on. */
  center: { lat: number; lng: number };
  /** Every street's name, and the town's label. */
  roadNames: readonly string[];
  locality: string;
  close: () => Promise<void>;
}

/** Builds the fixture archive in a fresh folder and serves it with byte ranges. */
export async function startFixtureSource(): Promise<FixtureSource> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-e2e-planet-'));
  const fixture = await buildProtomapsFixture(path.join(dir, 'planet.pmtiles'));
  const server = await startRangeServer(fixture.file);
  return {
    fixture,
    server,
    url: server.url,
    center: FIXTURE_CENTER,
    roadNames: FIXTURE_ROAD_NAMES,
    locality: FIXTURE_LOCALITY,
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `pnpm map:add <where> --source <url> [options]` into `dataDir`, as an operator runs it before starting the server; its output. */
export async function addRegionWithCli(dataDir: string, where: string, source: string, options: string[] = []): Promise<string> {
  if (!fs.existsSync(regionsCli)) throw new Error(`${regionsCli} is missing: build the API first (tsc -p tsconfig.build.json)`);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [regionsCli, 'add', where, '--source', source, ...options], {
      env: { ...process.env, DATA_DIR: dataDir, SUPPORT_EMAIL },
      timeout: 60_000,
    });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`map:add '${where}' failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`, { cause: error });
  }
}

/** Where an archive's tile data starts: PMTiles v3 header bytes 56..63 (little-endian). */
export function tileDataOffset(file: string): number {
  const header = Buffer.alloc(127);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, header, 0, header.length, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (header.toString('latin1', 0, 7) !== 'PMTiles' || header[7] !== 3) throw new Error(`${file} is no PMTiles v3 archive`);
  return Number(header.readBigUInt64LE(56));
}

/**
 * What the gate does with requests for tile bytes: let them through, hold them until later, refuse them with 403, or
 * 'trickle': let the first one through after TRICKLE_DELAY_MS and hold the rest, so a fetch stands part-way.
 */
export type GateMode = 'pass' | 'hold' | 'refuse' | 'trickle';

/** Longer than the server's half-second between progress reports, so the trickled bytes are reported. */
const TRICKLE_DELAY_MS = 800;

export interface GatedSource {
  url: string;
  /** Tile requests held now. */
  held(): number;
  /** From now on; 'pass' also lets the held requests through, 'refuse' refuses them. */
  set(mode: GateMode): void;
  stop: () => Promise<void>;
}

/**
 * A proxy in front of the range server that always lets the header and directories through, and treats requests for
 * tile bytes (a Range starting at or past `tileDataFrom`) as told: trickled, a fetch stands part-way through its
 * 'tiles' phase, so a test sees the bar before the region lands; refused, it fails as with a host that says no.
 */
export async function startGatedSource(upstream: string, tileDataFrom: number, mode: GateMode = 'pass'): Promise<GatedSource> {
  const target = new URL(upstream);
  let current = mode;
  let trickled = false;
  const waiting: { forward: () => void; refuse: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const start = /^bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1];
    const forward = () => {
      const upstreamRequest = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers.range ? { range: req.headers.range } : {} },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstreamRequest.on('error', () => res.destroy());
      upstreamRequest.end();
    };
    const refuse = () => {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('refused by the test');
    };
    const isTileRequest = start !== undefined && Number(start) >= tileDataFrom;
    if (!isTileRequest || current === 'pass') forward();
    else if (current === 'refuse') refuse();
    else if (current === 'trickle' && !trickled) {
      trickled = true;
      setTimeout(forward, TRICKLE_DELAY_MS);
    } else waiting.push({ forward, refuse });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    held: () => waiting.length,
    set: (next) => {
      current = next;
      trickled = false;
      if (next === 'pass') waiting.splice(0).forEach((request) => request.forward());
      if (next === 'refuse') waiting.splice(0).forEach((request) => request.refuse());
    },
    stop: () => {
      waiting.splice(0).forEach((request) => request.refuse());
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Every URL a page asks for, from now on; `offBox()` lists those that went anywhere but 127.0.0.1 (data: and blob: stay in the page). */
export function watchRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return {
    urls,
    offBox: () => urls.filter((url) => !/^(data|blob):/.test(url) && new URL(url).hostname !== '127.0.0.1'),
  };
}

export interface UploadFiles {
  /** The fixture archive under an operator's own name: the region it installs is named after it. */
  archive: string;
  /** Plain text: refused before it is sent. */
  text: string;
  /** Named .pmtiles but no archive: accepted, then its install fails with the reason. */
  notAnArchive: string;
  cleanup: () => void;
}

/** Files an operator might choose in the panel's file box, in a fresh folder: the fixture archive copied as `<regionSlug>.pmtiles`. */
export function filesToUpload(fixtureFile: string, regionSlug: string): UploadFiles {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-e2e-upload-'));
  const archive = path.join(dir, `${regionSlug}.pmtiles`);
  fs.copyFileSync(fixtureFile, archive);
  const text = path.join(dir, 'notes.txt');
  fs.writeFileSync(text, 'streets of harbour town\n');
  const notAnArchive = path.join(dir, 'bogus.pmtiles');
  fs.writeFileSync(notAnArchive, Buffer.alloc(4096, 1));
  return { archive, text, notAnArchive, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Slows what the page sends to `bytesPerSecond` (Chromium's network emulation, which throttles request bodies too),
 * so an upload of a small file stands part-way long enough to see its bar; the answer resolves to a function that lifts it.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  const conditions = { offline: false, latency: 0, downloadThroughput: -1 };
  await devtools.send('Network.emulateNetworkConditions', { ...conditions, uploadThroughput: bytesPerSecond });
  return async () => {
    await devtools.send('Network.emulateNetworkConditions', { ...conditions, uploadThroughput: -1 });
    await devtools.detach();
  };
}
