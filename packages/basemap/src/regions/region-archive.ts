/**
 * A local PMTiles archive opened for serving: every directory is read into typed arrays once, at open,
 * so a tile lookup is a binary search plus one positioned read, synchronous, on the API's hot path.
 */
import fs from 'node:fs';
import { zxyToTileId } from 'pmtiles';
import type { Bbox } from './bbox';
import { RegionError } from './errors';
import {
  FIRST_READ_BYTES,
  HEADER_BYTES,
  assertServableArchive,
  decodeDirectory,
  decompress,
  parseHeader,
  type DirectoryEntry,
  type Header,
  type TileCompressionName,
} from './pmtiles-format';
import { readSiplogInfo, type SiplogRegionInfo } from './siplog-info';

export interface RegionArchiveHeader {
  minZoom: number;
  maxZoom: number;
  bounds: Bbox;
  center: { lon: number; lat: number; zoom: number };
  tileCompression: TileCompressionName;
  addressedTiles: number;
  tileContents: number;
}

/** Leaf directories nest at most this deep (the reference reader's limit). */
const MAX_DIRECTORY_DEPTH = 3;

export class RegionArchive {
  private closed = false;

  private constructor(
    readonly file: string,
    private readonly fd: number,
    readonly fileBytes: number,
    readonly header: RegionArchiveHeader,
    readonly metadata: Record<string, unknown>,
    private readonly tileDataOffset: number,
    /** Tile entries sorted by tile id, column-wise. */
    private readonly tileIds: Float64Array,
    private readonly runLengths: Uint32Array,
    private readonly offsets: Float64Array,
    private readonly lengths: Uint32Array,
  ) {}

  /** Opens and checks the archive (PMTiles v3, MVT, gzip or uncompressed tiles); throws a RegionError naming the problem. */
  static open(file: string): RegionArchive {
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch (error) {
      throw new RegionError(`Cannot open the map archive ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
    }
    try {
      return RegionArchive.read(file, fd);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
  }

  private static read(file: string, fd: number): RegionArchive {
    const what = `The map archive ${file}`;
    const fileBytes = fs.fstatSync(fd).size;
    const readAt = (offset: number, length: number, section: string): Buffer => {
      if (offset + length > fileBytes) throw new RegionError(`${what} is truncated: its ${section} ends past the end of the file.`);
      const bytes = Buffer.allocUnsafe(length);
      const read = fs.readSync(fd, bytes, 0, length, offset);
      if (read !== length) throw new RegionError(`${what} is truncated: its ${section} could not be read whole.`);
      return bytes;
    };
    if (fileBytes < HEADER_BYTES) throw new RegionError(`${what} is not a PMTiles archive (it is only ${fileBytes} bytes long).`);
    const header = parseHeader(readAt(0, Math.min(FIRST_READ_BYTES, fileBytes), 'header'), what);
    const tileCompression = assertServableArchive(header, what);
    const entries = RegionArchive.readEntries(header, readAt, what);
    const metadataBytes = header.jsonMetadataLength > 0 ? decompress(readAt(header.jsonMetadataOffset, header.jsonMetadataLength, 'metadata'), header.internalCompression, what) : null;
    let metadata: Record<string, unknown> = {};
    if (metadataBytes) {
      try {
        const parsed: unknown = JSON.parse(metadataBytes.toString('utf8'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) metadata = parsed as Record<string, unknown>;
      } catch {
        throw new RegionError(`${what} is damaged: its metadata is not JSON.`);
      }
    }
    const tileIds = new Float64Array(entries.length);
    const runLengths = new Uint32Array(entries.length);
    const offsets = new Float64Array(entries.length);
    const lengths = new Uint32Array(entries.length);
    entries.forEach((entry, i) => {
      tileIds[i] = entry.tileId;
      runLengths[i] = entry.runLength;
      offsets[i] = entry.offset;
      lengths[i] = entry.length;
      if (header.tileDataOffset + entry.offset + entry.length > fileBytes) throw new RegionError(`${what} is truncated: tile data ends past the end of the file.`);
    });
    return new RegionArchive(
      file,
      fd,
      fileBytes,
      {
        minZoom: header.minZoom,
        maxZoom: header.maxZoom,
        bounds: { west: header.minLon, south: header.minLat, east: header.maxLon, north: header.maxLat },
        center: { lon: header.centerLon, lat: header.centerLat, zoom: header.centerZoom },
        tileCompression,
        addressedTiles: header.numAddressedTiles,
        tileContents: header.numTileContents,
      },
      metadata,
      header.tileDataOffset,
      tileIds,
      runLengths,
      offsets,
      lengths,
    );
  }

  /** Every tile entry of the archive, leaves expanded in place (they cover consecutive id ranges in order). */
  private static readEntries(header: Header, readAt: (offset: number, length: number, section: string) => Buffer, what: string): DirectoryEntry[] {
    const out: DirectoryEntry[] = [];
    const walk = (offset: number, length: number, depth: number): void => {
      if (depth > MAX_DIRECTORY_DEPTH) throw new RegionError(`${what} is damaged: its directories nest deeper than ${MAX_DIRECTORY_DEPTH} levels.`);
      const directory = decodeDirectory(decompress(readAt(offset, length, 'directory'), header.internalCompression, what), what);
      for (const entry of directory) {
        if (entry.runLength === 0) walk(header.leafDirectoryOffset + entry.offset, entry.length, depth + 1);
        else out.push(entry);
      }
    };
    walk(header.rootDirectoryOffset, header.rootDirectoryLength, 0);
    for (let i = 1; i < out.length; i++) {
      if (out[i].tileId < out[i - 1].tileId + out[i - 1].runLength) throw new RegionError(`${what} is damaged: its tile entries are out of order.`);
    }
    return out;
  }

  /** The siplog object in the metadata (who added the region, from where), or null for a foreign archive. */
  get info(): SiplogRegionInfo | null {
    return readSiplogInfo(this.metadata);
  }

  /** The tile's bytes as stored (compressed as header.tileCompression says), or undefined where the archive has none. */
  tile(z: number, x: number, y: number): Buffer | undefined {
    if (this.closed) throw new Error(`The map archive ${this.file} is closed.`);
    if (!Number.isInteger(z) || !Number.isInteger(x) || !Number.isInteger(y) || z < this.header.minZoom || z > this.header.maxZoom) return undefined;
    const tiles = 2 ** z;
    if (x < 0 || y < 0 || x >= tiles || y >= tiles) return undefined;
    const tileId = zxyToTileId(z, x, y);
    const ids = this.tileIds;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (ids[middle] <= tileId) low = middle + 1;
      else high = middle - 1;
    }
    // `high` is the last entry starting at or before tileId.
    if (high < 0 || tileId - ids[high] >= this.runLengths[high]) return undefined;
    const length = this.lengths[high];
    const bytes = Buffer.allocUnsafe(length);
    const read = fs.readSync(this.fd, bytes, 0, length, this.tileDataOffset + this.offsets[high]);
    if (read !== length) throw new Error(`The map archive ${this.file} changed on disk: a tile read came up short.`);
    return bytes;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.fd);
  }
}
