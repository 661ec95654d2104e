/**
 * The byte formats of PMTiles v3 (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): the
 * 127-byte header and the varint-encoded directories, both ways, plus the checks that tell an archive
 * Siplog can serve (vector tiles, gzip or no tile compression) from one it cannot.
 */
import zlib from 'node:zlib';
import { Compression, TileType, bytesToHeader, readVarint, type Header } from 'pmtiles';
import { RegionError } from './errors';

export { Compression, TileType, type Header };

export const HEADER_BYTES = 127;
/** The spec puts the header and the root directory within the first 16 KiB: one read fetches both. */
export const FIRST_READ_BYTES = 16_384;
export const MAX_ROOT_DIRECTORY_BYTES = FIRST_READ_BYTES - HEADER_BYTES;

/** One directory entry: runLength 0 points at a leaf directory (offset within the leaf section), else at tile bytes. */
export interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

export type TileCompressionName = 'gzip' | 'none';

const COMPRESSION_NAMES: Record<number, string> = {
  [Compression.Unknown]: 'unknown',
  [Compression.None]: 'none',
  [Compression.Gzip]: 'gzip',
  [Compression.Brotli]: 'brotli',
  [Compression.Zstd]: 'zstd',
};

const TILE_TYPE_NAMES: Record<number, string> = {
  [TileType.Unknown]: 'unknown',
  [TileType.Mvt]: 'MVT vector',
  [TileType.Png]: 'PNG raster',
  [TileType.Jpeg]: 'JPEG raster',
  [TileType.Webp]: 'WebP raster',
  [TileType.Avif]: 'AVIF raster',
  [TileType.Mlt]: 'MapLibre (MLT) vector',
};

/** Parses the header; `what` names the archive in messages. Refuses anything but PMTiles v3. */
export function parseHeader(bytes: Uint8Array, what: string): Header {
  const magic = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 7)).toString('latin1');
  if (magic === 'PMTiles' && bytes.length >= HEADER_BYTES) {
    if (bytes[7] !== 3) throw new RegionError(`${what} is PMTiles version ${bytes[7]}; only version 3 is supported.`);
    const copy = new Uint8Array(bytes.subarray(0, HEADER_BYTES));
    return bytesToHeader(copy.buffer);
  }
  if (magic.startsWith('PM') && bytes.length >= 4) {
    const version = bytes[2] | (bytes[3] << 8);
    if (version === 1 || version === 2) {
      throw new RegionError(`${what} is a PMTiles version ${version} archive; only version 3 is supported (convert it with \`pmtiles convert\`).`);
    }
  }
  throw new RegionError(`${what} is not a PMTiles archive (its first bytes are not the "PMTiles" signature).`);
}

/** Throws unless the archive holds MVT tiles compressed with gzip or not at all, and directories Siplog can read. */
export function assertServableArchive(header: Header, what: string): TileCompressionName {
  if (header.tileType !== TileType.Mvt) {
    throw new RegionError(`${what} holds ${TILE_TYPE_NAMES[header.tileType] ?? `type ${header.tileType}`} tiles; Siplog's map needs MVT vector tiles.`);
  }
  if (header.internalCompression !== Compression.Gzip && header.internalCompression !== Compression.None) {
    throw new RegionError(`${what} compresses its directories with ${compressionName(header.internalCompression)}; only gzip or none is supported.`);
  }
  if (header.tileCompression === Compression.Gzip) return 'gzip';
  if (header.tileCompression === Compression.None) return 'none';
  throw new RegionError(`${what} compresses its tiles with ${compressionName(header.tileCompression)}; only gzip or none is supported (browsers get the tiles as they are stored).`);
}

export function compressionName(compression: number): string {
  return COMPRESSION_NAMES[compression] ?? `code ${compression}`;
}

export function compress(bytes: Uint8Array, compression: Compression): Buffer {
  if (compression === Compression.Gzip) return zlib.gzipSync(bytes, { level: 9 });
  if (compression === Compression.None) return Buffer.from(bytes);
  throw new RegionError(`Cannot write ${compressionName(compression)}-compressed sections.`);
}

export function decompress(bytes: Uint8Array, compression: Compression, what: string): Buffer {
  if (compression === Compression.None) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (compression !== Compression.Gzip) throw new RegionError(`${what} uses ${compressionName(compression)} compression; only gzip or none is supported.`);
  try {
    return zlib.gunzipSync(bytes);
  } catch (error) {
    throw new RegionError(`${what} is damaged: its gzip data does not decompress (${(error as Error).message}).`);
  }
}

function writeUint64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value % 2 ** 32, true);
  view.setUint32(at + 4, Math.floor(value / 2 ** 32), true);
}

const e7 = (degrees: number) => Math.round(degrees * 1e7);

export function serializeHeader(header: Header): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES);
  bytes.write('PMTiles', 0, 'latin1');
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  view.setUint8(7, 3);
  writeUint64(view, 8, header.rootDirectoryOffset);
  writeUint64(view, 16, header.rootDirectoryLength);
  writeUint64(view, 24, header.jsonMetadataOffset);
  writeUint64(view, 32, header.jsonMetadataLength);
  writeUint64(view, 40, header.leafDirectoryOffset);
  writeUint64(view, 48, header.leafDirectoryLength ?? 0);
  writeUint64(view, 56, header.tileDataOffset);
  writeUint64(view, 64, header.tileDataLength ?? 0);
  writeUint64(view, 72, header.numAddressedTiles);
  writeUint64(view, 80, header.numTileEntries);
  writeUint64(view, 88, header.numTileContents);
  view.setUint8(96, header.clustered ? 1 : 0);
  view.setUint8(97, header.internalCompression);
  view.setUint8(98, header.tileCompression);
  view.setUint8(99, header.tileType);
  view.setUint8(100, header.minZoom);
  view.setUint8(101, header.maxZoom);
  view.setInt32(102, e7(header.minLon), true);
  view.setInt32(106, e7(header.minLat), true);
  view.setInt32(110, e7(header.maxLon), true);
  view.setInt32(114, e7(header.maxLat), true);
  view.setUint8(118, header.centerZoom);
  view.setInt32(119, e7(header.centerLon), true);
  view.setInt32(123, e7(header.centerLat), true);
  return bytes;
}

/** Unsigned LEB128, by arithmetic: values reach 2^53 and bit operators stop at 2^32. */
function pushVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** Entries must be sorted by tileId. Offsets equal to the previous entry's end are written as 0 ("contiguous"). */
export function encodeDirectory(entries: readonly DirectoryEntry[]): Buffer {
  const out: number[] = [];
  pushVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    pushVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) pushVarint(out, entry.runLength);
  for (const entry of entries) pushVarint(out, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    if (previous && entry.offset === previous.offset + previous.length) out.push(0);
    else pushVarint(out, entry.offset + 1);
  });
  return Buffer.from(out);
}

export function decodeDirectory(bytes: Uint8Array, what: string): DirectoryEntry[] {
  const position = { buf: bytes, pos: 0 };
  const read = () => {
    if (position.pos >= bytes.length) throw new RegionError(`${what} is damaged: a directory ends early.`);
    return readVarint(position);
  };
  const count = read();
  const entries: DirectoryEntry[] = new Array(count);
  let lastId = 0;
  for (let i = 0; i < count; i++) {
    lastId += read();
    entries[i] = { tileId: lastId, offset: 0, length: 0, runLength: 1 };
  }
  for (let i = 0; i < count; i++) entries[i].runLength = read();
  for (let i = 0; i < count; i++) entries[i].length = read();
  for (let i = 0; i < count; i++) {
    const value = read();
    const previous = entries[i - 1];
    entries[i].offset = value === 0 && previous ? previous.offset + previous.length : value - 1;
  }
  return entries;
}

/** The entry covering tileId (a tile run or the leaf directory that may hold it), or undefined. */
export function findEntry(entries: readonly DirectoryEntry[], tileId: number): DirectoryEntry | undefined {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const id = entries[middle].tileId;
    if (id < tileId) low = middle + 1;
    else if (id > tileId) high = middle - 1;
    else return entries[middle];
  }
  const before = entries[high];
  if (before && (before.runLength === 0 || tileId - before.tileId < before.runLength)) return before;
  return undefined;
}
