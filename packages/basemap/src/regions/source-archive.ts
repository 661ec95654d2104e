/**
 * The parts of a source archive an extraction reads: header, root directory, metadata, and the tile
 * entries it needs (for a box, or all of them), fetching only the leaf directories those entries live in.
 */
import { zxyToTileId } from 'pmtiles';
import { tileRangeOf, type Bbox } from './bbox';
import { RegionError } from './errors';
import {
  FIRST_READ_BYTES,
  assertServableArchive,
  decodeDirectory,
  decompress,
  findEntry,
  parseHeader,
  type DirectoryEntry,
  type Header,
  type TileCompressionName,
} from './pmtiles-format';
import type { TileRun } from './pmtiles-writer';
import type { RangeSource } from './range-source';

export interface SourceArchive {
  header: Header;
  tileCompression: TileCompressionName;
  metadata: Record<string, unknown>;
  root: DirectoryEntry[];
}

/** Directories nest at most this deep below the root (the reference reader's limit). */
const MAX_LEAF_DEPTH = 3;
const LEAF_READS_AT_ONCE = 4;

function slice(first: Buffer, offset: number, length: number): Buffer | undefined {
  return offset + length <= first.length ? first.subarray(offset, offset + length) : undefined;
}

/** Reads header, root directory and metadata: usually one request for the first 16 KiB plus one for metadata. */
export async function openSourceArchive(source: RangeSource, signal?: AbortSignal): Promise<SourceArchive> {
  const what = `The source ${source.location}`;
  const first = await source.read(0, FIRST_READ_BYTES, signal);
  const header = parseHeader(first, what);
  const tileCompression = assertServableArchive(header, what);
  const rootBytes = slice(first, header.rootDirectoryOffset, header.rootDirectoryLength) ?? (await source.read(header.rootDirectoryOffset, header.rootDirectoryLength, signal));
  const root = decodeDirectory(decompress(rootBytes, header.internalCompression, what), what);
  let metadata: Record<string, unknown> = {};
  if (header.jsonMetadataLength > 0) {
    const bytes = slice(first, header.jsonMetadataOffset, header.jsonMetadataLength) ?? (await source.read(header.jsonMetadataOffset, header.jsonMetadataLength, signal));
    try {
      const parsed: unknown = JSON.parse(decompress(bytes, header.internalCompression, what).toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) metadata = parsed as Record<string, unknown>;
    } catch (error) {
      if (error instanceof RegionError) throw error;
      throw new RegionError(`${what} is damaged: its metadata is not JSON.`);
    }
  }
  return { header, tileCompression, metadata, root };
}

/** Runs `task` over items, `limit` at a time, in order of start. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function readLeaf(source: RangeSource, archive: SourceArchive, entry: DirectoryEntry, signal?: AbortSignal): Promise<DirectoryEntry[]> {
  const what = `The source ${source.location}`;
  const bytes = await source.read(archive.header.leafDirectoryOffset + entry.offset, entry.length, signal);
  return decodeDirectory(decompress(bytes, archive.header.internalCompression, what), what);
}

/** Every tile id of the box at each zoom, ascending. */
export function regionTileIds(bbox: Bbox, minZoom: number, maxZoom: number): number[] {
  const ids: number[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const range = tileRangeOf(bbox, z);
    for (let x = range.minX; x <= range.maxX; x++) for (let y = range.minY; y <= range.maxY; y++) ids.push(zxyToTileId(z, x, y));
  }
  return ids.sort((a, b) => a - b);
}

/**
 * The source entries of the given tile ids (sorted ascending), one single-tile run each, keyed by
 * source offset (equal offsets hold equal bytes); ids the archive lacks are left out.
 */
export async function lookUpTiles(source: RangeSource, archive: SourceArchive, tileIds: readonly number[], signal?: AbortSignal): Promise<TileRun[]> {
  const found: TileRun[] = [];
  let pending: { directory: DirectoryEntry[]; ids: number[] }[] = [{ directory: archive.root, ids: [...tileIds] }];
  for (let depth = 0; pending.length > 0; depth++) {
    if (depth > MAX_LEAF_DEPTH) throw new RegionError(`The source ${source.location} is damaged: its directories nest deeper than ${MAX_LEAF_DEPTH} levels.`);
    const leaves = new Map<number, { entry: DirectoryEntry; ids: number[] }>();
    for (const { directory, ids } of pending) {
      for (const id of ids) {
        const entry = findEntry(directory, id);
        if (!entry) continue;
        if (entry.runLength > 0) {
          found.push({ tileId: id, runLength: 1, contentKey: entry.offset, length: entry.length });
        } else {
          const leaf = leaves.get(entry.offset) ?? { entry, ids: [] };
          leaf.ids.push(id);
          leaves.set(entry.offset, leaf);
        }
      }
    }
    const next: { directory: DirectoryEntry[]; ids: number[] }[] = [];
    await eachLimited([...leaves.values()], LEAF_READS_AT_ONCE, async (leaf) => {
      next.push({ directory: await readLeaf(source, archive, leaf.entry, signal), ids: leaf.ids });
    });
    pending = next;
  }
  return found.sort((a, b) => a.tileId - b.tileId);
}

/** Every tile run of the archive, as stored (for installing a whole local archive). */
export async function allTileRuns(source: RangeSource, archive: SourceArchive, signal?: AbortSignal): Promise<TileRun[]> {
  const runs: TileRun[] = [];
  const walk = async (directory: DirectoryEntry[], depth: number): Promise<void> => {
    if (depth > MAX_LEAF_DEPTH) throw new RegionError(`The source ${source.location} is damaged: its directories nest deeper than ${MAX_LEAF_DEPTH} levels.`);
    for (const entry of directory) {
      if (entry.runLength > 0) runs.push({ tileId: entry.tileId, runLength: entry.runLength, contentKey: entry.offset, length: entry.length });
      else await walk(await readLeaf(source, archive, entry, signal), depth + 1);
    }
  };
  await walk(archive.root, 0);
  return runs.sort((a, b) => a.tileId - b.tileId);
}
