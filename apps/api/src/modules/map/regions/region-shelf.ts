import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { RegionArchive } from '@siplog/basemap';
import type { MapRegion } from '@siplog/contracts';

/** A region file's name: `<slug>.pmtiles`. Hidden files (`.<slug>.pmtiles.partial`, the fetch's journal) are never served. */
const REGION_FILE = /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)\.pmtiles$/;

export const regionFileName = (slug: string) => `${slug}.pmtiles`;

export function slugOfRegionFile(fileName: string): string | null {
  return REGION_FILE.exec(fileName)?.[1] ?? null;
}

interface Shelved {
  slug: string;
  archive: RegionArchive;
  file: string;
}

/**
 * The regions this node serves: every `<slug>.pmtiles` in DATA_DIR/map, opened once with its directories in memory,
 * so a tile is one read at a known offset. Overlapping regions answer in the order they were added. `version`
 * changes whenever the set or any file changes: tile URLs and ETags carry it.
 */
export class RegionShelf {
  private readonly logger = new Logger('MapRegions');
  private shelved: Shelved[] = [];
  version = 'none';

  constructor(private readonly dir: string) {}

  /** Reads the folder again; archives that did not change stay open. Answers whether anything changed. */
  reload(): boolean {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      names = [];
    }
    const next: Shelved[] = [];
    const kept = new Set<Shelved>();
    for (const name of names) {
      const slug = slugOfRegionFile(name);
      if (!slug) continue;
      const file = path.join(this.dir, name);
      const current = this.shelved.find((entry) => entry.slug === slug);
      try {
        const stat = fs.statSync(file);
        if (current && current.archive.fileBytes === stat.size && this.mtimeOf(current) === stat.mtimeMs) {
          next.push(current);
          kept.add(current);
          continue;
        }
        const archive = RegionArchive.open(file);
        this.mtimes.set(archive, stat.mtimeMs);
        next.push({ slug, archive, file });
      } catch (error) {
        this.logger.error(`Map region ${name} cannot be served: ${(error as Error).message}`);
      }
    }
    next.sort((a, b) => (a.archive.info?.addedAt ?? '').localeCompare(b.archive.info?.addedAt ?? '') || a.slug.localeCompare(b.slug));
    const before = this.version;
    const gone = this.shelved.filter((entry) => !kept.has(entry));
    this.shelved = next;
    this.version = this.versionOf(next);
    for (const entry of gone) entry.archive.close();
    return before !== this.version;
  }

  private readonly mtimes = new WeakMap<RegionArchive, number>();

  private mtimeOf(entry: Shelved): number | undefined {
    return this.mtimes.get(entry.archive);
  }

  private versionOf(entries: Shelved[]): string {
    if (entries.length === 0) return 'none';
    const hash = crypto.createHash('sha256');
    for (const entry of entries) hash.update(`${entry.slug}:${entry.archive.fileBytes}:${this.mtimeOf(entry)};`);
    return hash.digest('hex').slice(0, 10);
  }

  get isEmpty(): boolean {
    return this.shelved.length === 0;
  }

  /** The first region's archive that has this tile: its bytes as stored, and whether they are gzip-compressed. */
  tile(z: number, x: number, y: number): { data: Buffer; gzip: boolean } | null {
    for (const { archive } of this.shelved) {
      if (z < archive.header.minZoom || z > archive.header.maxZoom) continue;
      const data = archive.tile(z, x, y);
      if (data) return { data, gzip: archive.header.tileCompression === 'gzip' };
    }
    return null;
  }

  /** What the style needs: each region's box and the deepest zoom any has. */
  coverage(): { bounds: [number, number, number, number][]; maxzoom: number } | null {
    if (this.shelved.length === 0) return null;
    return {
      bounds: this.shelved.map(({ archive }) => {
        const { west, south, east, north } = archive.header.bounds;
        return [west, south, east, north] as [number, number, number, number];
      }),
      maxzoom: Math.max(...this.shelved.map(({ archive }) => archive.header.maxZoom)),
    };
  }

  /** The first region's centre, where the map opens when MAP_CENTER is unset. */
  firstCentre(): { lat: number; lng: number } | null {
    const first = this.shelved[0]?.archive.header.bounds;
    return first ? { lat: (first.south + first.north) / 2, lng: (first.west + first.east) / 2 } : null;
  }

  has(slug: string): boolean {
    return this.shelved.some((entry) => entry.slug === slug);
  }

  list(): MapRegion[] {
    return this.shelved.map(({ slug, archive }) => {
      const info = archive.info;
      const bounds = archive.header.bounds;
      return {
        slug,
        name: info?.name ?? slug,
        where: info?.where ?? '',
        bbox: { west: bounds.west, south: bounds.south, east: bounds.east, north: bounds.north },
        min_zoom: archive.header.minZoom,
        max_zoom: archive.header.maxZoom,
        tiles: archive.header.addressedTiles,
        bytes_on_disk: archive.fileBytes,
        bytes_fetched: info?.bytesFetched ?? 0,
        seconds: info?.seconds ?? 0,
        source: info?.source ?? '',
        added_at: info?.addedAt ?? '',
      };
    });
  }

  close(): void {
    for (const entry of this.shelved) entry.archive.close();
    this.shelved = [];
    this.version = 'none';
  }
}
