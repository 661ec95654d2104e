import zlib from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { BASEMAP_ATTRIBUTION, TILESETS, type TilesetName } from '@siplog/basemap';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { BasemapHandle } from './basemap.provider';
import { buildMapStyle, type MapTheme } from './map-style';
import { RegionShelf } from './regions/region-shelf';

/** The installed map regions' tiles: one source over every region (regions/map-regions.service.ts). */
export const REGIONS_TILESET = 'regions';

/**
 * Shown on the map whenever a region's tiles are drawn: the world's credits and Protomaps'. MapLibre leaves out an
 * attribution that is part of another, so the credits read once, not "© OpenStreetMap contributors" twice.
 */
export const REGIONS_ATTRIBUTION = `${BASEMAP_ATTRIBUTION}, <a href="https://protomaps.com">Protomaps</a>`;

/** Whether the web app draws the embedded map (no MAPBOX_TOKEN, no MAP_STYLE_URL): the one map that draws map regions. */
export const drawsEmbeddedMap = (config: Pick<AppConfig, 'mapboxToken' | 'mapStyleUrl'>) => !config.mapboxToken && !config.mapStyleUrl;

/** Which map the web app draws (design §5): Mapbox with a token, a self-hoster's style, or the embedded offline map. */
export type MapMode = 'mapbox' | 'style' | 'offline';

export interface MapClientConfig {
  mode: MapMode;
  /** The style the engine loads: Mapbox's, MAP_STYLE_URL, or our own /api/map/style.json. */
  styleUrl: string;
  /** The style for the web app's dark theme (issue 19), where there is one; a self-hoster's style serves both themes. */
  darkStyleUrl?: string;
  /** Only in mapbox mode: the public token mapbox-gl needs. */
  accessToken?: string;
  /** Where the map opens: MAP_CENTER, else the first map region's centre; absent, the web app's own default (the Loop). */
  center?: { lat: number; lng: number };
}

export const TILE_PATH = '/api/map/tiles';
/** Styles kept built: two themes for a few origins (the site's address, localhost, a proxy's). */
const STYLES_KEPT = 8;
const MAX_ZOOM = 22;
const COORDINATE = /^\d{1,8}$/;

/** A tile as HTTP should send it: `data` is gzip-compressed MVT unless `gzip` is false; no data answers 204. */
export type TileAnswer =
  | { status: 200; etag: string; data: Buffer; gzip: boolean }
  | { status: 204 | 304; etag: string };

export const TILES_MISSING_MESSAGE = 'The offline map data is not built on this server.';

@Injectable()
export class MapService {
  private readonly styles = new Map<string, Record<string, unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly handle: BasemapHandle,
    private readonly regions: RegionShelf,
  ) {}

  clientConfig(): MapClientConfig {
    // MAP_CENTER, else (on the embedded map, the one that draws regions) the first region's centre.
    const centre = this.config.mapCenter ?? (drawsEmbeddedMap(this.config) ? this.regions.firstCentre() : null);
    const center = centre ? { center: centre } : {};
    if (this.config.mapboxToken) {
      return {
        mode: 'mapbox',
        styleUrl: 'mapbox://styles/mapbox/streets-v12',
        darkStyleUrl: 'mapbox://styles/mapbox/dark-v11',
        accessToken: this.config.mapboxToken,
        ...center,
      };
    }
    if (this.config.mapStyleUrl) return { mode: 'style', styleUrl: this.config.mapStyleUrl, ...center };
    return { mode: 'offline', styleUrl: '/api/map/style.json', darkStyleUrl: '/api/map/style.json?theme=dark', ...center };
  }

  /**
   * The offline style. MapLibre fetches tiles from a worker, where a relative URL has no base, so
   * tile URLs are absolute on the origin the browser used; `?v=` changes with the data, so tiles cache for good.
   */
  style(origin: string, theme: MapTheme = 'light'): Record<string, unknown> {
    const version = this.handle.basemap?.version ?? '0';
    const key = `${origin} ${theme} ${version} ${this.regions.version}`;
    let style = this.styles.get(key);
    if (!style) {
      const coverage = this.regions.coverage();
      const versionOf = (tileset: string) => (tileset === REGIONS_TILESET ? this.regions.version : version);
      style = buildMapStyle(
        (tileset) => `${origin}${TILE_PATH}/${tileset}/{z}/{x}/{y}.pbf?v=${versionOf(tileset)}`,
        theme,
        coverage && { ...coverage, attribution: REGIONS_ATTRIBUTION },
      );
      // With a region the style is ~90 KB of JSON: built once per origin, theme and data, not per request.
      if (this.styles.size >= STYLES_KEPT) this.styles.delete(this.styles.keys().next().value!);
      this.styles.set(key, style);
    }
    return style;
  }

  tile(tileset: string, z: string, x: string, y: string, acceptsGzip: boolean, ifNoneMatch: string | undefined): TileAnswer {
    if (!Object.hasOwn(TILESETS, tileset) && tileset !== REGIONS_TILESET) throw new AppError('NOT_FOUND');
    const [zoom, column, row] = [z, x, y].map((value) => (COORDINATE.test(value) ? Number(value) : NaN));
    if (!(zoom <= MAX_ZOOM) || !(column < 2 ** zoom) || !(row < 2 ** zoom)) throw new AppError('BAD_REQUEST', 'Tile coordinates are out of range.');
    if (tileset === REGIONS_TILESET) return this.regionTile(zoom, column, row, acceptsGzip, ifNoneMatch);
    const basemap = this.handle.basemap;
    if (!basemap) throw new AppError('UNAVAILABLE', TILES_MISSING_MESSAGE);

    // The plain protobuf is another representation of the same tile, so it has its own tag.
    const etag = `"${basemap.version}-${tileset}-${zoom}-${column}-${row}${acceptsGzip ? '' : '-identity'}"`;
    if (matches(ifNoneMatch, etag)) return { status: 304, etag };
    const data = basemap.tile(tileset as TilesetName, zoom, column, row);
    if (!data) return { status: 204, etag };
    return encodedFor(etag, data, true, acceptsGzip);
  }

  /** A tile of the installed regions: the same caching as the world's, with the regions' version in its tag. */
  private regionTile(zoom: number, column: number, row: number, acceptsGzip: boolean, ifNoneMatch: string | undefined): TileAnswer {
    const etag = `"${this.regions.version}-regions-${zoom}-${column}-${row}${acceptsGzip ? '' : '-identity'}"`;
    if (matches(ifNoneMatch, etag)) return { status: 304, etag };
    const found = this.regions.tile(zoom, column, row);
    if (!found) return { status: 204, etag };
    return encodedFor(etag, found.data, found.gzip, acceptsGzip);
  }
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

/** Every browser accepts gzip; a bare HTTP client that does not gets the plain protobuf. */
function encodedFor(etag: string, data: Buffer, gzipped: boolean, acceptsGzip: boolean): TileAnswer {
  if (!gzipped) return { status: 200, etag, data, gzip: false };
  return acceptsGzip ? { status: 200, etag, data, gzip: true } : { status: 200, etag, data: zlib.gunzipSync(data), gzip: false };
}
