import fs from 'node:fs';
import path from 'node:path';
import { extractRegion, installArchive, type ExtractProgress } from '@siplog/basemap';
import { MAP_REGION_MESSAGES, regionSlug } from '@siplog/contracts';
import { newestProtomapsBuild } from './protomaps-builds';
import { regionFileName } from './region-shelf';
import type { RegionTarget } from './region-where';

/** A local archive taken whole (`pnpm map:add ./lisbon.pmtiles`). */
export interface RegionFileTarget {
  name: string;
  slug: string;
  where: string;
  file: string;
}

export interface RegionFetched {
  slug: string;
  file: string;
  source: string;
  bytesFetched: number;
  bytesKept: number;
  tiles: number;
  seconds: number;
  resumed: boolean;
}

export interface RegionFetchOptions {
  target: RegionTarget | RegionFileTarget;
  /** MAP_SOURCE_URL or --source; null: the newest Protomaps daily build. */
  source: string | null;
  mapDir: string;
  onSource?: (source: string) => void;
  onProgress?: (progress: ExtractProgress) => void;
  signal?: AbortSignal;
}

/** `./lisbon.pmtiles` as a target: named by its file name unless `name` says otherwise. */
export function fileTargetOf(file: string, name?: string): RegionFileTarget {
  const listed = name?.trim() || path.basename(file).replace(/\.pmtiles$/i, '');
  return { name: listed, slug: regionSlug(listed), where: file, file: path.resolve(file) };
}

/**
 * Fetches one region into `mapDir` (the CLI and the admin panel's job alike): cut out of `source` (MAP_SOURCE_URL,
 * else the newest Protomaps build) by range requests, or a local archive copied whole. The archive appears under
 * its served name only once complete; an interrupted run resumes where it stopped.
 */
export async function fetchRegion(options: RegionFetchOptions): Promise<RegionFetched> {
  const { target, mapDir } = options;
  const outFile = path.join(mapDir, regionFileName(target.slug));
  const lock = await lockRegion(mapDir, target.slug);
  try {
    return await fetchLocked(target, outFile, options);
  } finally {
    await fs.promises.rm(lock, { force: true });
  }
}

async function fetchLocked(
  target: RegionTarget | RegionFileTarget,
  outFile: string,
  { onProgress, signal, ...options }: RegionFetchOptions,
): Promise<RegionFetched> {
  const info = { name: target.name, where: target.where };
  if ('file' in target) {
    options.onSource?.(target.file);
    const result = await installArchive(target.file, outFile, info, { onProgress, signal });
    return { slug: target.slug, file: outFile, source: target.file, ...result };
  }
  const source = options.source ?? (await newestProtomapsBuild(undefined, undefined, signal));
  options.onSource?.(source);
  const result = await extractRegion({ source, bbox: target.bbox, outFile, info, onProgress, signal });
  return { slug: target.slug, file: outFile, source, ...result };
}

/**
 * One fetch per region at a time, across processes on this host (the CLI beside a running server): a lock file
 * naming its process, taken over when that process is gone.
 */
async function lockRegion(mapDir: string, slug: string): Promise<string> {
  const lock = path.join(mapDir, `.${slug}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.promises.writeFile(lock, String(process.pid), { flag: 'wx' });
      return lock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await fs.promises.readFile(lock, 'utf8').catch(() => ''));
      if (holder && holder !== process.pid && isAlive(holder)) throw new Error(MAP_REGION_MESSAGES.busy(slug), { cause: error });
      await fs.promises.rm(lock, { force: true });
    }
  }
  throw new Error(MAP_REGION_MESSAGES.busy(slug));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
