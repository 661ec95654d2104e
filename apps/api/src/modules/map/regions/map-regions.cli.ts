import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Basemap, BASEMAP_FILE, type ExtractProgress } from '@siplog/basemap';
import { isRegionSlug, MAP_REGION_LIMITS, MAP_REGION_MESSAGES } from '@siplog/contracts';
import { loadConfig, type AppConfig } from '../../../config/app.config';
import { createBlobStore } from '../../media/media-stores';
import { BasemapHandle } from '../basemap.provider';
import { GazetteerService } from '../gazetteer.service';
import { drawsEmbeddedMap } from '../map.service';
import { fetchRegion, fileTargetOf } from './region-fetch';
import { RegionMirror } from './region-mirror';
import { regionFileName, RegionShelf } from './region-shelf';
import { regionTargetOf } from './region-where';

const USAGE = `Usage:
  pnpm map:add <where> [--source <url or file>] [--radius <km>] [--name <name>]
      <where>: a city or area name ('Portland, OR', 'Lisbon', 'Lagos, PT'), a bounding box
      'west,south,east,north', or a local .pmtiles file (taken whole)
  pnpm map:list
  pnpm map:remove <slug>`;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** One line that keeps its place on a terminal, and a line every 10 % into a log. */
function progressPrinter(): (progress: ExtractProgress) => void {
  let lastTenth = -1;
  return ({ phase, bytesDone, bytesTotal, tiles }) => {
    const share = bytesTotal > 0 ? bytesDone / bytesTotal : 0;
    const line = phase === 'tiles' ? `Fetching ${tiles} tiles: ${megabytes(bytesDone)} of ${megabytes(bytesTotal)} (${Math.floor(share * 100)} %)` : phase === 'directory' ? 'Reading the archive’s directory…' : 'Writing the archive…';
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line.padEnd(70)}`);
    } else if (phase !== 'tiles' || Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

function mirrorOf(config: AppConfig) {
  if (!config.mediaStore) return { mirror: null, close: async () => {} };
  const blobs = createBlobStore(config);
  return { mirror: new RegionMirror(blobs, config.mapDir), close: () => blobs.close() };
}

async function add(config: AppConfig, where: string | undefined, options: { source?: string; radius?: string; name?: string }): Promise<void> {
  if (!where) throw new Error(USAGE);
  if (!drawsEmbeddedMap(config)) {
    console.warn(`Note: ${MAP_REGION_MESSAGES.disabled} The region is installed, and drawn once the embedded map is back.`);
  }
  const radiusKm = options.radius === undefined ? undefined : Number(options.radius);
  if (radiusKm !== undefined && !(radiusKm >= MAP_REGION_LIMITS.radiusMinKm && radiusKm <= MAP_REGION_LIMITS.radiusMaxKm)) {
    throw new Error(`--radius must be a number of km from ${MAP_REGION_LIMITS.radiusMinKm} to ${MAP_REGION_LIMITS.radiusMaxKm}`);
  }
  let target;
  if (/\.pmtiles$/i.test(where) && fs.existsSync(where)) {
    target = fileTargetOf(where, options.name);
  } else {
    const basemap = Basemap.open(BASEMAP_FILE);
    try {
      target = regionTargetOf(where, new GazetteerService(new BasemapHandle(basemap)), { radiusKm, name: options.name });
    } finally {
      basemap?.close();
    }
  }
  const { mirror, close } = mirrorOf(config);
  const controller = new AbortController();
  const stop = () => controller.abort(new Error('Stopped. Run the same command again to resume where it stopped.'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const mapDir = mirror ? await mirror.stagingDir() : config.mapDir;
    const fetched = await fetchRegion({
      target,
      source: options.source ?? config.mapSourceUrl,
      mapDir,
      signal: controller.signal,
      onSource: (source) => console.log(`Adding ${target.name} (${target.slug}) from ${source}`),
      onProgress: progressPrinter(),
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (mirror) {
      await mirror.publish(fetched.slug);
      console.log(`Stored in ${mirror.description}: every node serves it within a minute.`);
    }
    console.log(
      `Added ${fetched.slug}: ${fetched.tiles} tiles, ${megabytes(fetched.bytesKept)} kept, ${megabytes(fetched.bytesFetched)} fetched` +
        `${fetched.resumed ? ' (resumed)' : ''} in ${fetched.seconds.toFixed(1)} s → ${path.join(config.mapDir, regionFileName(fetched.slug))}`,
    );
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await close();
  }
}

function list(config: AppConfig): void {
  const shelf = new RegionShelf(config.mapDir);
  shelf.reload();
  const regions = shelf.list();
  shelf.close();
  if (regions.length === 0) {
    console.log(`No map regions in ${config.mapDir}. Add one with: pnpm map:add '<city>'`);
    return;
  }
  const rows = regions.map((region) => [
    region.slug,
    region.name,
    `z${region.min_zoom}-${region.max_zoom}`,
    `${region.tiles} tiles`,
    megabytes(region.bytes_on_disk),
    [region.bbox.west, region.bbox.south, region.bbox.east, region.bbox.north].join(','),
    region.added_at.slice(0, 10),
  ]);
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
}

async function remove(config: AppConfig, slug: string | undefined): Promise<void> {
  if (!slug) throw new Error(USAGE);
  if (!isRegionSlug(slug)) throw new Error(MAP_REGION_MESSAGES.badSlug);
  const file = path.join(config.mapDir, regionFileName(slug));
  const { mirror, close } = mirrorOf(config);
  try {
    if (!fs.existsSync(file) && !mirror) throw new Error(MAP_REGION_MESSAGES.noSuchRegion(slug));
    await mirror?.remove(slug);
    await fs.promises.rm(file, { force: true });
    console.log(`Removed ${slug}${mirror ? ` (and from ${mirror.description})` : ''}.`);
  } finally {
    await close();
  }
}

/** `pnpm map:add | map:list | map:remove`: map regions from the command line (issue 29), with or without a server running. */
async function main(): Promise<void> {
  // A box starts with a minus sign west of Greenwich ('-8.69,37.09,…'): an argument, not an option.
  const raw = process.argv.slice(2);
  const negative = (arg: string) => /^-\d/.test(arg);
  const { positionals, values } = parseArgs({
    args: [...raw.filter((arg) => !negative(arg)), '--', ...raw.filter(negative)],
    allowPositionals: true,
    options: { source: { type: 'string' }, radius: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, argument] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  if (command === 'add') return add(config, positionals.slice(1).join(' ') || argument, values);
  if (command === 'list') return list(config);
  if (command === 'remove') return remove(config, argument);
  throw new Error(`Unknown command '${command}'.\n${USAGE}`);
}

main().catch((error: unknown) => {
  if (process.stderr.isTTY) process.stderr.write('\n');
  console.error((error as Error).message);
  process.exitCode = 1;
});
