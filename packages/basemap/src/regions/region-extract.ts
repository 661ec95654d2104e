/**
 * Extracts one region of a big PMTiles archive (a Protomaps build on HTTP, or a local file) into a small
 * archive of its own: only the directories and tile bytes the region needs are fetched, in few merged range
 * requests, straight to their final offsets in a hidden partial file that is renamed into place when whole.
 * A journal beside it records how much tile data is safely on disk, so an interrupted run resumes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertRegionSize, validateBbox, validateZoom, type Bbox } from './bbox';
import { RegionError } from './errors';
import { planArchive, encodeMetadata, type ArchiveLayout, type TileRun } from './pmtiles-writer';
import { openRangeSource, type RangeSource } from './range-source';
import { allTileRuns, lookUpTiles, openSourceArchive, regionTileIds, type SourceArchive } from './source-archive';
import type { SiplogRegionInfo } from './siplog-info';

export interface ExtractProgress {
  phase: 'directory' | 'tiles' | 'finishing';
  /** Bytes fetched so far in this phase ('directory': all bytes so far; 'tiles': tile requests done). */
  bytesDone: number;
  /** Bytes the phase will fetch, when known (0 in the directory phase). */
  bytesTotal: number;
  /** Tiles the region holds (0 until the directories are read). */
  tiles: number;
}

export interface FetchTuning {
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Largest single request (default 8 MiB). */
  maxRequestBytes?: number;
  /** Neighbouring ranges closer than this may be fetched in one request, gap included (default 64 KiB). */
  maxGapBytes?: number;
  /**
   * The gap bytes all requests together may waste, as a share of the tiles' own bytes (default 0.1): the smallest
   * gaps are bridged first until this budget is spent, so few requests cost little bandwidth.
   */
  overfetch?: number;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
}

export interface RegionInfoInput {
  /** The region's display name ("Lagos"). */
  name: string;
  /** What the operator asked for (a place name or a box), kept for the record. */
  where: string;
}

export interface ExtractOptions {
  /** An http(s) URL or a local file path of a PMTiles v3 archive of MVT tiles. */
  source: string;
  bbox: Bbox;
  /** Default 0. */
  minZoom?: number;
  /** Default the source's max zoom; higher values are capped to it. */
  maxZoom?: number;
  outFile: string;
  info: RegionInfoInput;
  onProgress?: (progress: ExtractProgress) => void;
  signal?: AbortSignal;
  fetch?: FetchTuning;
}

export interface ExtractResult {
  /** Bytes received from the source in this run: header, directories, metadata, tiles and the gaps between them. */
  bytesFetched: number;
  /** The output archive's size. */
  bytesKept: number;
  /** Tiles the output addresses. */
  tiles: number;
  /** Distinct tile contents stored. */
  tileContents: number;
  seconds: number;
  /** True when the run continued an interrupted one. */
  resumed: boolean;
}

/** What a run selects from the source: a box and zooms, or every tile (installing a whole archive). */
export type Selection = { kind: 'bbox'; bbox: Bbox; minZoom?: number; maxZoom?: number } | { kind: 'all' };

export interface ExtractionParams {
  source: string;
  selection: Selection;
  outFile: string;
  info: RegionInfoInput;
  onProgress?: (progress: ExtractProgress) => void;
  signal?: AbortSignal;
  fetch?: FetchTuning;
}

const JOURNAL_VERSION = 1;
/** Room left in the metadata slot for the figures known only at the end (bytes fetched, seconds). */
const METADATA_SLACK_BYTES = 512;
const DEFAULT_TUNING = { concurrency: 4, maxRequestBytes: 8 * 1024 * 1024, maxGapBytes: 64 * 1024, overfetch: 0.1 };

interface Journal {
  version: number;
  plan: string;
  /** Tile data bytes from the start of the tile data section that are written and fsynced. */
  tileBytesDone: number;
}

/** The hidden files beside the output: the archive being written and its journal. */
export function partialFilesOf(outFile: string): { partial: string; journal: string } {
  const dir = path.dirname(outFile);
  const base = path.basename(outFile);
  return { partial: path.join(dir, `.${base}.partial`), journal: path.join(dir, `.${base}.journal`) };
}

export async function extractRegion(options: ExtractOptions): Promise<ExtractResult> {
  if (!options || typeof options !== 'object') throw new RegionError('extractRegion needs options: source, bbox, outFile, info.');
  validateBbox(options.bbox);
  return runExtraction({ ...options, selection: { kind: 'bbox', bbox: options.bbox, minZoom: options.minZoom, maxZoom: options.maxZoom } });
}

function validateInfo(info: RegionInfoInput): void {
  if (!info || typeof info.name !== 'string' || info.name.trim() === '') throw new RegionError('The region needs a name.');
  if (typeof info.where !== 'string') throw new RegionError('The region needs a `where` (what was asked for).');
}

/** Zoom at which the box spans about two tiles across: a sensible first view. */
function centerZoomOf(bbox: Bbox, minZoom: number, maxZoom: number): number {
  const zoom = Math.floor(Math.log2(360 / Math.max(1e-9, bbox.east - bbox.west))) + 1;
  return Math.min(maxZoom, Math.max(minZoom, zoom));
}

/** The source's bounds as a box, kept inside what validateBbox accepts. */
function boundsOf(archive: SourceArchive): Bbox {
  const { minLon, minLat, maxLon, maxLat } = archive.header;
  const clampLat = (lat: number) => Math.max(-85.05, Math.min(85.05, lat));
  return { west: Math.max(-180, minLon), south: clampLat(minLat), east: Math.min(180, maxLon), north: clampLat(maxLat) };
}

interface Batch {
  sourceStart: number;
  sourceEnd: number;
  /** Where each content lies in the fetched bytes and in the output's tile data. */
  items: { at: number; length: number; outOffset: number }[];
  /** End of this batch in the output's tile data (batches follow each other there). */
  outEnd: number;
}

/**
 * Groups the contents still to fetch, in output order, into requests. Which gaps between neighbours are fetched
 * rather than skipped is chosen smallest first, each at most maxGapBytes, until they add up to `overfetch` of the
 * tiles' bytes (as `pmtiles extract` does); a request also stays under maxRequestBytes.
 */
function planBatches(layout: ArchiveLayout, tileDataOffset: number, fromOutOffset: number, tuning: typeof DEFAULT_TUNING): Batch[] {
  const wanted = layout.contents
    .filter((content) => content.offset >= fromOutOffset)
    .map((content) => {
      const start = tileDataOffset + Number(content.contentKey);
      return { start, end: start + content.length, length: content.length, outOffset: content.offset };
    });
  const bridged = new Set<number>();
  const gaps = wanted
    .slice(1)
    .map((content, index) => ({ after: index, bytes: content.start - wanted[index].end }))
    .filter((gap) => gap.bytes >= 0 && gap.bytes <= tuning.maxGapBytes)
    .sort((a, b) => a.bytes - b.bytes);
  let budget = tuning.overfetch * wanted.reduce((sum, content) => sum + content.length, 0);
  for (const gap of gaps) {
    if (gap.bytes > budget) break;
    budget -= gap.bytes;
    bridged.add(gap.after);
  }
  const batches: Batch[] = [];
  wanted.forEach((content, index) => {
    const current = batches[batches.length - 1];
    if (current && bridged.has(index - 1) && content.end - current.sourceStart <= tuning.maxRequestBytes) {
      current.items.push({ at: content.start - current.sourceStart, length: content.length, outOffset: content.outOffset });
      current.sourceEnd = content.end;
    } else {
      batches.push({ sourceStart: content.start, sourceEnd: content.end, items: [{ at: 0, length: content.length, outOffset: content.outOffset }], outEnd: 0 });
    }
    batches[batches.length - 1].outEnd = content.outOffset + content.length;
  });
  return batches;
}

function readJournal(file: string): Journal | null {
  try {
    const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as Journal;
    return journal.version === JOURNAL_VERSION && typeof journal.plan === 'string' && Number.isSafeInteger(journal.tileBytesDone) ? journal : null;
  } catch {
    return null;
  }
}

async function writeJournal(file: string, journal: Journal): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify(journal));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename itself durable; some platforms cannot open a directory, which is fine to skip.
  const handle = await fs.promises.open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

function sha256(...parts: (string | Uint8Array)[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** The shared path of extractRegion and installArchive. */
export async function runExtraction(params: ExtractionParams): Promise<ExtractResult> {
  const started = performance.now();
  validateInfo(params.info);
  if (typeof params.outFile !== 'string' || params.outFile.trim() === '') throw new RegionError('The output file must be a path.');
  const outFile = path.resolve(params.outFile);
  const tuning = { ...DEFAULT_TUNING, ...params.fetch };
  const selection = params.selection;
  if (selection.kind === 'bbox') {
    if (selection.minZoom !== undefined) validateZoom(selection.minZoom, 'minimum zoom');
    if (selection.maxZoom !== undefined) validateZoom(selection.maxZoom, 'maximum zoom');
    if (selection.minZoom !== undefined && selection.maxZoom !== undefined && selection.minZoom > selection.maxZoom) {
      throw new RegionError(`The minimum zoom ${selection.minZoom} is above the maximum zoom ${selection.maxZoom}.`);
    }
    // Refuse an oversized box before fetching anything when the zooms are known already.
    if (selection.maxZoom !== undefined) assertRegionSize(selection.bbox, selection.minZoom ?? 0, selection.maxZoom);
  }
  const source = openRangeSource(params.source, { ...params.fetch, signal: params.signal });
  if (!source.remote && path.resolve(params.source) === outFile) throw new RegionError('The output file cannot be the source file itself.');
  const progress = (phase: ExtractProgress['phase'], bytesDone: number, bytesTotal: number, tiles: number) => params.onProgress?.({ phase, bytesDone, bytesTotal, tiles });
  try {
    progress('directory', 0, 0, 0);
    const archive = await openSourceArchive(source, params.signal);
    let bbox: Bbox;
    let minZoom: number;
    let maxZoom: number;
    let runs: TileRun[];
    if (selection.kind === 'bbox') {
      bbox = selection.bbox;
      minZoom = selection.minZoom ?? 0;
      maxZoom = Math.min(selection.maxZoom ?? archive.header.maxZoom, archive.header.maxZoom);
      if (minZoom > maxZoom) throw new RegionError(`The source's tiles stop at zoom ${archive.header.maxZoom}, below the minimum zoom ${minZoom} asked for.`);
      assertRegionSize(bbox, minZoom, maxZoom);
      runs = await lookUpTiles(source, archive, regionTileIds(bbox, minZoom, maxZoom), params.signal);
      // Low zooms cover the whole world, so only the most detailed zoom tells whether the box hits the data.
      const deepest = regionTileIds(bbox, maxZoom, maxZoom);
      if (!runs.some((run) => run.tileId >= deepest[0])) {
        throw new RegionError(`The source has no tiles at zoom ${maxZoom} inside the box; check the box (west, south, east, north) and that the source covers it.`);
      }
    } else {
      bbox = boundsOf(archive);
      minZoom = archive.header.minZoom;
      maxZoom = archive.header.maxZoom;
      runs = await allTileRuns(source, archive, params.signal);
      if (runs.length === 0) throw new RegionError(`The archive ${params.source} holds no tiles.`);
    }
    progress('directory', source.bytesReceived, 0, 0);

    const description = {
      tileType: archive.header.tileType,
      tileCompression: archive.header.tileCompression,
      minZoom,
      maxZoom,
      bounds: bbox,
      center: { lon: (bbox.west + bbox.east) / 2, lat: (bbox.south + bbox.north) / 2, zoom: centerZoomOf(bbox, minZoom, maxZoom) },
    };
    const siplog = (bytesFetched: number, seconds: number, addedAt: string): SiplogRegionInfo => ({
      name: params.info.name.trim(),
      where: params.info.where,
      bbox,
      minZoom,
      maxZoom,
      source: params.source,
      bytesFetched,
      seconds,
      addedAt,
    });
    const metadataOf = (info: SiplogRegionInfo) => encodeMetadata({ ...archive.metadata, siplog: info });
    const widest = metadataOf(siplog(Number.MAX_SAFE_INTEGER, 1e9 + 0.123, new Date(8.64e15).toISOString()));
    const layout = planArchive(runs, description, widest.length + METADATA_SLACK_BYTES);
    const tiles = layout.addressedTiles;
    const fileBytes = layout.tileDataOffset + layout.tileDataLength;
    // The plan: same source version, same selection, same layout. Anything else starts over.
    const plan = sha256(
      JSON.stringify({ source: params.source, identity: source.identity, selection: { bbox, minZoom, maxZoom, kind: selection.kind }, fileBytes }),
      layout.rootDirectory,
      layout.leafDirectories,
    );

    await fs.promises.mkdir(path.dirname(outFile), { recursive: true });
    const { partial, journal: journalFile } = partialFilesOf(outFile);
    const earlier = readJournal(journalFile);
    const partialSize = await fs.promises.stat(partial).then((stat) => stat.size, () => -1);
    const resumed = !!earlier && earlier.plan === plan && partialSize === fileBytes && earlier.tileBytesDone <= layout.tileDataLength;
    let handle: fs.promises.FileHandle;
    if (resumed) {
      handle = await fs.promises.open(partial, 'r+');
    } else {
      await fs.promises.rm(journalFile, { force: true });
      handle = await fs.promises.open(partial, 'w');
      await handle.write(layout.prelude(Buffer.alloc(0)), 0, undefined, 0);
      await handle.truncate(fileBytes);
      await handle.sync();
      await writeJournal(journalFile, { version: JOURNAL_VERSION, plan, tileBytesDone: 0 });
    }
    try {
      const done = resumed ? earlier.tileBytesDone : 0;
      await fetchTiles(source, archive, layout, handle, { done, plan, journalFile, tuning, tiles, signal: params.signal, progress });
      progress('finishing', 0, 0, tiles);
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      const metadata = metadataOf(siplog(source.bytesReceived, seconds, new Date().toISOString()));
      const slot = Buffer.alloc(layout.metadataSlotBytes);
      metadata.copy(slot);
      await handle.write(slot, 0, slot.length, layout.metadataOffset);
      await handle.write(layout.header(metadata.length), 0, undefined, 0);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(partial, outFile);
    await syncDirectory(path.dirname(outFile));
    await fs.promises.rm(journalFile, { force: true });
    return {
      bytesFetched: source.bytesReceived,
      bytesKept: fileBytes,
      tiles,
      tileContents: layout.contents.length,
      seconds: Math.round((performance.now() - started) / 10) / 100,
      resumed,
    };
  } finally {
    await source.close();
  }
}

interface FetchContext {
  done: number;
  plan: string;
  journalFile: string;
  tuning: typeof DEFAULT_TUNING;
  tiles: number;
  signal?: AbortSignal;
  progress: (phase: ExtractProgress['phase'], bytesDone: number, bytesTotal: number, tiles: number) => void;
}

/**
 * Fetches the remaining batches, `concurrency` at a time, writing each content at its output offset.
 * Batches finish out of order; the journal advances only over the contiguous prefix that is written and
 * fsynced, so a crash or abort loses at most the batches in flight.
 */
async function fetchTiles(source: RangeSource, archive: SourceArchive, layout: ArchiveLayout, handle: fs.promises.FileHandle, context: FetchContext): Promise<void> {
  const batches = planBatches(layout, archive.header.tileDataOffset, context.done, context.tuning);
  const bytesTotal = batches.reduce((sum, batch) => sum + batch.sourceEnd - batch.sourceStart, 0);
  const finished = new Array<boolean>(batches.length).fill(false);
  const stop = new AbortController();
  const signal = context.signal ? AbortSignal.any([stop.signal, context.signal]) : stop.signal;
  let next = 0;
  let prefix = 0;
  let bytesDone = 0;
  let failure: unknown;
  let journaled = context.done;
  let journalChain = Promise.resolve();
  const persist = async () => {
    const tileBytesDone = prefix > 0 ? batches[prefix - 1].outEnd : context.done;
    if (tileBytesDone <= journaled) return;
    await handle.sync();
    await writeJournal(context.journalFile, { version: JOURNAL_VERSION, plan: context.plan, tileBytesDone });
    journaled = tileBytesDone;
  };
  context.progress('tiles', 0, bytesTotal, context.tiles);
  const worker = async () => {
    while (next < batches.length && failure === undefined) {
      const index = next++;
      const batch = batches[index];
      try {
        const bytes = await source.read(batch.sourceStart, batch.sourceEnd - batch.sourceStart, signal);
        if (bytes.length !== batch.sourceEnd - batch.sourceStart) throw new RegionError(`The source ${source.location} ended before its tile data did (a damaged archive).`);
        for (const item of batch.items) await handle.write(bytes, item.at, item.length, layout.tileDataOffset + item.outOffset);
      } catch (error) {
        failure ??= error;
        stop.abort();
        return;
      }
      finished[index] = true;
      bytesDone += batch.sourceEnd - batch.sourceStart;
      const before = prefix;
      while (prefix < batches.length && finished[prefix]) prefix++;
      if (prefix > before) journalChain = journalChain.then(persist);
      context.progress('tiles', bytesDone, bytesTotal, context.tiles);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(context.tuning.concurrency, batches.length)) }, worker));
  await journalChain;
  if (failure !== undefined) throw failure;
}
