/**
 * The smallest correct PMTiles v3 writer. The layout (header, root directory, metadata, leaf directories,
 * tile data) is planned from the tiles' sizes alone, before any tile byte exists, so a caller can write the
 * directories first and then stream each tile's bytes to its final offset (and resume after a break).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import {
  Compression,
  HEADER_BYTES,
  MAX_ROOT_DIRECTORY_BYTES,
  TileType,
  compress,
  encodeDirectory,
  serializeHeader,
  type DirectoryEntry,
  type Header,
} from './pmtiles-format';
import type { Bbox } from './bbox';

/** Consecutive tile ids sharing one content; `contentKey` is equal for equal bytes (a source offset, a hash). */
export interface TileRun {
  tileId: number;
  runLength: number;
  contentKey: string | number;
  length: number;
}

/** One distinct tile content and where it goes in the tile data section. */
export interface PlannedContent {
  contentKey: string | number;
  offset: number;
  length: number;
}

export interface ArchiveDescription {
  tileType: TileType;
  tileCompression: Compression;
  minZoom: number;
  maxZoom: number;
  bounds: Bbox;
  center: { lon: number; lat: number; zoom: number };
}

export interface ArchiveLayout {
  /** Tile entries with offsets within the tile data section, merged into runs. */
  entries: DirectoryEntry[];
  /** Distinct contents in tile data order (the order of each content's first tile id: a clustered archive). */
  contents: PlannedContent[];
  rootDirectory: Buffer;
  leafDirectories: Buffer;
  metadataOffset: number;
  metadataSlotBytes: number;
  tileDataOffset: number;
  tileDataLength: number;
  addressedTiles: number;
  /** The header once the metadata (compressed, at most metadataSlotBytes long) is known. */
  header(metadataLength: number): Buffer;
  /** Everything before the tile data: header, root directory, metadata (zero-padded to its slot), leaf directories. */
  prelude(metadata: Buffer): Buffer;
}

/** go-pmtiles' rule: leaves start at 4096 entries (or entries / 3500) and grow by a fifth until the root fits. */
function splitDirectories(entries: DirectoryEntry[]): { root: Buffer; leaves: Buffer } {
  const rootOnly = compress(encodeDirectory(entries), Compression.Gzip);
  if (rootOnly.length <= MAX_ROOT_DIRECTORY_BYTES) return { root: rootOnly, leaves: Buffer.alloc(0) };
  let leafSize = Math.max(4096, Math.floor(entries.length / 3500));
  for (;;) {
    const rootEntries: DirectoryEntry[] = [];
    const leaves: Buffer[] = [];
    let leavesLength = 0;
    for (let start = 0; start < entries.length; start += leafSize) {
      const chunk = entries.slice(start, start + leafSize);
      const leaf = compress(encodeDirectory(chunk), Compression.Gzip);
      rootEntries.push({ tileId: chunk[0].tileId, offset: leavesLength, length: leaf.length, runLength: 0 });
      leaves.push(leaf);
      leavesLength += leaf.length;
    }
    const root = compress(encodeDirectory(rootEntries), Compression.Gzip);
    if (root.length <= MAX_ROOT_DIRECTORY_BYTES) return { root, leaves: Buffer.concat(leaves) };
    leafSize = Math.ceil(leafSize * 1.2);
  }
}

/**
 * Plans an archive. `runs` must be sorted by tileId without overlaps; equal contentKeys are stored once
 * (and neighbouring ids with one content become one run). The metadata slot is `metadataSlotBytes` long.
 */
export function planArchive(runs: readonly TileRun[], description: ArchiveDescription, metadataSlotBytes: number): ArchiveLayout {
  const contents: PlannedContent[] = [];
  const contentByKey = new Map<string | number, PlannedContent>();
  const entries: DirectoryEntry[] = [];
  const keys: (string | number)[] = [];
  let dataLength = 0;
  let addressedTiles = 0;
  let lastEnd = -1;
  for (const run of runs) {
    if (!Number.isSafeInteger(run.tileId) || run.tileId < 0 || !Number.isSafeInteger(run.runLength) || run.runLength < 1) {
      throw new Error(`planArchive: bad tile run ${JSON.stringify(run)}`);
    }
    if (run.tileId < lastEnd) throw new Error(`planArchive: tile runs must be sorted by tileId without overlap (at tile id ${run.tileId})`);
    lastEnd = run.tileId + run.runLength;
    addressedTiles += run.runLength;
    let content = contentByKey.get(run.contentKey);
    if (!content) {
      content = { contentKey: run.contentKey, offset: dataLength, length: run.length };
      contentByKey.set(run.contentKey, content);
      contents.push(content);
      dataLength += run.length;
    }
    const previous = entries[entries.length - 1];
    if (previous && keys[keys.length - 1] === run.contentKey && previous.tileId + previous.runLength === run.tileId) {
      previous.runLength += run.runLength;
    } else {
      entries.push({ tileId: run.tileId, runLength: run.runLength, offset: content.offset, length: content.length });
      keys.push(run.contentKey);
    }
  }
  const { root, leaves } = splitDirectories(entries);
  const metadataOffset = HEADER_BYTES + root.length;
  const leafOffset = metadataOffset + metadataSlotBytes;
  const tileDataOffset = leafOffset + leaves.length;
  const header = (metadataLength: number): Buffer => {
    if (metadataLength > metadataSlotBytes) throw new Error(`planArchive: metadata of ${metadataLength} bytes does not fit its ${metadataSlotBytes}-byte slot`);
    const fields: Header = {
      specVersion: 3,
      rootDirectoryOffset: HEADER_BYTES,
      rootDirectoryLength: root.length,
      jsonMetadataOffset: metadataOffset,
      jsonMetadataLength: metadataLength,
      leafDirectoryOffset: leafOffset,
      leafDirectoryLength: leaves.length,
      tileDataOffset,
      tileDataLength: dataLength,
      numAddressedTiles: addressedTiles,
      numTileEntries: entries.length,
      numTileContents: contents.length,
      clustered: true,
      internalCompression: Compression.Gzip,
      tileCompression: description.tileCompression,
      tileType: description.tileType,
      minZoom: description.minZoom,
      maxZoom: description.maxZoom,
      minLon: description.bounds.west,
      minLat: description.bounds.south,
      maxLon: description.bounds.east,
      maxLat: description.bounds.north,
      centerZoom: description.center.zoom,
      centerLon: description.center.lon,
      centerLat: description.center.lat,
    };
    return serializeHeader(fields);
  };
  return {
    entries,
    contents,
    rootDirectory: root,
    leafDirectories: leaves,
    metadataOffset,
    metadataSlotBytes,
    tileDataOffset,
    tileDataLength: dataLength,
    addressedTiles,
    header,
    prelude(metadata: Buffer): Buffer {
      const slot = Buffer.alloc(metadataSlotBytes);
      metadata.copy(slot);
      return Buffer.concat([header(metadata.length), root, slot, leaves]);
    },
  };
}

/** Gzip-compressed metadata JSON, as the header's internal compression says. */
export function encodeMetadata(metadata: unknown): Buffer {
  return compress(Buffer.from(JSON.stringify(metadata), 'utf8'), Compression.Gzip);
}

export interface InMemoryTile {
  tileId: number;
  data: Uint8Array;
}

/** Writes a whole archive from tiles held in memory (fixtures, tests, small archives); returns its size in bytes. */
export function writeArchive(file: string, tiles: readonly InMemoryTile[], description: ArchiveDescription, metadata: unknown): number {
  const sorted = [...tiles].sort((a, b) => a.tileId - b.tileId);
  const dataByKey = new Map<string, Uint8Array>();
  const runs: TileRun[] = sorted.map((tile) => {
    const contentKey = crypto.createHash('sha256').update(tile.data).digest('base64');
    dataByKey.set(contentKey, tile.data);
    return { tileId: tile.tileId, runLength: 1, contentKey, length: tile.data.length };
  });
  const metadataBytes = encodeMetadata(metadata);
  const layout = planArchive(runs, description, metadataBytes.length);
  const parts: Uint8Array[] = [layout.prelude(metadataBytes)];
  for (const content of layout.contents) parts.push(dataByKey.get(content.contentKey as string)!);
  const bytes = Buffer.concat(parts);
  fs.writeFileSync(file, bytes);
  return bytes.length;
}
