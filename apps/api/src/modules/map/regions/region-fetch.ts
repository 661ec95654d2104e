import path from 'node:path';
import { extractRegion, installArchive, type ExtractProgress } from '@siplog/basemap';
import { regionSlug } from '@siplog/contracts';
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
export async function fetchRegion(options: {
  target: RegionTarget | RegionFileTarget;
  source: string | null;
  mapDir: string;
  onSource?: (source: string) => void;
  onProgress?: (progress: ExtractProgress) => void;
  signal?: AbortSignal;
}): Promise<RegionFetched> {
  const { target, mapDir, onProgress, signal } = options;
  const outFile = path.join(mapDir, regionFileName(target.slug));
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
