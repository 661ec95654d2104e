import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionArchive, tileRangeOf } from '@siplog/basemap';
import { buildProtomapsFixture, startRangeServer, type ProtomapsFixture, type RangeServer } from '@siplog/basemap/dist/regions/testing';

/*
 * `pnpm map:add | map:list | map:remove` as an operator runs them (issue 29): the built CLI, no server running, against
 * a Protomaps-schema fixture archive on a local range server.
 */
const CLI = path.resolve(__dirname, '..', '..', '..', '..', 'dist', 'modules', 'map', 'regions', 'map-regions.cli.js');

let workDir: string;
let dataDir: string;
let fixture: ProtomapsFixture;
let source: RangeServer;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siplog-map-cli-'));
  dataDir = path.join(workDir, 'data');
  fixture = await buildProtomapsFixture(path.join(workDir, 'planet.pmtiles'));
  source = await startRangeServer(fixture.file);
}, 60_000);

afterAll(async () => {
  await source?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** Runs the CLI to its end (at most 60 s): its exit code and what it printed. */
function cli(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, MAP_SOURCE_URL: source.url, LOG_TO_CONSOLE: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

const mapDir = () => path.join(dataDir, 'map');
const served = () => fs.readdirSync(mapDir()).filter((name) => !name.startsWith('.'));

describe('pnpm map:add, map:list and map:remove', () => {
  it('adds a town by name from MAP_SOURCE_URL, saying what it fetched and kept', async () => {
    const { code, out, err } = await cli('add', 'Lagos, PT');
    expect(code, err).toBe(0);
    expect(out).toContain(`Adding Lagos, PT (lagos-pt) from ${source.url}`);
    expect(out).toMatch(/Added lagos-pt: \d+ tiles, [\d.]+ MB kept, [\d.]+ MB fetched in [\d.]+ s/);
    expect(err).toMatch(/Fetching \d+ tiles/);
    expect(served()).toEqual(['lagos-pt.pmtiles']);
    const archive = RegionArchive.open(path.join(mapDir(), 'lagos-pt.pmtiles'));
    expect(archive.info).toMatchObject({ name: 'Lagos, PT', where: 'Lagos, PT', source: source.url });
    archive.close();
  });

  it('adds a box with --source and --name, and a local archive whole', async () => {
    const box = await cli('add', '-8.69,37.09,-8.66,37.11', '--name', 'Harbour', '--source', fixture.file);
    expect(box.code, box.err).toBe(0);
    expect(box.out).toContain(`Adding Harbour (harbour) from ${fixture.file}`);
    const whole = await cli('add', fixture.file, '--name', 'Whole fixture');
    expect(whole.code, whole.err).toBe(0);
    const archive = RegionArchive.open(path.join(mapDir(), 'whole-fixture.pmtiles'));
    expect(archive.header.addressedTiles).toBe(fixture.tiles);
    archive.close();
    expect(served().sort()).toEqual(['harbour.pmtiles', 'lagos-pt.pmtiles', 'whole-fixture.pmtiles']);
  });

  it('lists the regions with their zooms, tiles and sizes', async () => {
    const { code, out } = await cli('list');
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^lagos-pt\s+Lagos, PT\s+z0-14\s+\d+ tiles\s+[\d.]+ MB\s+-8\.\d+,37\.\d+,-8\.\d+,37\.\d+\s+\d{4}-\d{2}-\d{2}$/);
  });

  it('leaves nothing served when a fetch is cut off, and the next run resumes it', async () => {
    source.cutAfterBytes(40_000);
    const cut = await cli('add', 'Lagos, PT', '--name', 'Cut short');
    source.cutAfterBytes(null);
    expect(cut.code).toBe(1);
    expect(served()).not.toContain('cut-short.pmtiles');
    expect(fs.readdirSync(mapDir()).some((name) => name.startsWith('.cut-short.pmtiles'))).toBe(true);

    const again = await cli('add', 'Lagos, PT', '--name', 'Cut short');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/\(resumed\)/);
    // The same tiles as the run that was never cut.
    const [resumed, whole] = ['cut-short', 'lagos-pt'].map((slug) => RegionArchive.open(path.join(mapDir(), `${slug}.pmtiles`)));
    expect(resumed.header.addressedTiles).toBe(whole.header.addressedTiles);
    for (let z = 0; z <= 14; z++) {
      const range = tileRangeOf(whole.header.bounds, z);
      for (let x = range.minX; x <= range.maxX; x++) {
        for (let y = range.minY; y <= range.maxY; y++) expect(resumed.tile(z, x, y)).toEqual(whole.tile(z, x, y));
      }
    }
    resumed.close();
    whole.close();
    expect(fs.readdirSync(mapDir()).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('removes a region, and says what is wrong with a bad command', async () => {
    const removed = await cli('remove', 'harbour');
    expect(removed.out).toContain('Removed harbour.');
    expect(served()).not.toContain('harbour.pmtiles');
    expect(await cli('remove', 'harbour')).toMatchObject({ code: 1, err: expect.stringContaining("No map region 'harbour' is installed.") });
    expect(await cli('add', 'Nowhere Special Town')).toMatchObject({ code: 1, err: expect.stringContaining("No city or area called 'Nowhere Special Town'") });
    expect(await cli('add', 'Lisbon', '--radius', '500')).toMatchObject({ code: 1, err: expect.stringContaining('--radius must be') });
    expect(await cli('add')).toMatchObject({ code: 1, err: expect.stringContaining('Usage:') });
    expect(await cli('fly')).toMatchObject({ code: 1, err: expect.stringContaining("Unknown command 'fly'") });
  });
});
