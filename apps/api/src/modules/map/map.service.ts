import zlib from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { TILESETS, type TilesetName } from '@siplog/basemap';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { BasemapHandle } from './basemap.provider';
import { buildMapStyle, type MapTheme } from './map-style';

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
}

export const TILE_PATH = '/api/map/tiles';
const MAX_ZOOM = 22;
const COORDINATE = /^\d{1,8}$/;

/** A tile as HTTP should send it: `data` is gzip-compressed MVT unless `gzip` is false; no data answers 204. */
export type TileAnswer =
  | { status: 200; etag: string; data: Buffer; gzip: boolean }
  | { status: 204 | 304; etag: string };

export const TILES_MISSING_MESSAGE = 'The offline map data is not built on this server.';

@Injectable()
export class MapService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly handle: BasemapHandle,
  ) {}

  clientConfig(): MapClientConfig {
    if (this.config.mapboxToken) {
      return {
        mode: 'mapbox',
        styleUrl: 'mapbox://styles/mapbox/streets-v12',
        darkStyleUrl: 'mapbox://styles/mapbox/dark-v11',
        accessToken: this.config.mapboxToken,
      };
    }
    if (this.config.mapStyleUrl) return { mode: 'style', styleUrl: this.config.mapStyleUrl };
    return { mode: 'offline', styleUrl: '/api/map/style.json', darkStyleUrl: '/api/map/style.json?theme=dark' };
  }

  /**
   * The offline style. MapLibre fetches tiles from a worker, where a relative URL has no base, so
   * tile URLs are absolute on the origin the browser used; `?v=` changes with the data, so tiles cache for good.
   */
  style(origin: string, theme: MapTheme = 'light'): Record<string, unknown> {
    const version = this.handle.basemap?.version ?? '0';
    return buildMapStyle((tileset) => `${origin}${TILE_PATH}/${tileset}/{z}/{x}/{y}.pbf?v=${version}`, theme);
  }

  tile(tileset: string, z: string, x: string, y: string, acceptsGzip: boolean, ifNoneMatch: string | undefined): TileAnswer {
    if (!Object.hasOwn(TILESETS, tileset)) throw new AppError('NOT_FOUND');
    const [zoom, column, row] = [z, x, y].map((value) => (COORDINATE.test(value) ? Number(value) : NaN));
    if (!(zoom <= MAX_ZOOM) || !(column < 2 ** zoom) || !(row < 2 ** zoom)) throw new AppError('BAD_REQUEST', 'Tile coordinates are out of range.');
    const basemap = this.handle.basemap;
    if (!basemap) throw new AppError('UNAVAILABLE', TILES_MISSING_MESSAGE);

    // The plain protobuf is another representation of the same tile, so it has its own tag.
    const etag = `"${basemap.version}-${tileset}-${zoom}-${column}-${row}${acceptsGzip ? '' : '-identity'}"`;
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return { status: 304, etag };
    }
    const data = basemap.tile(tileset as TilesetName, zoom, column, row);
    if (!data) return { status: 204, etag };
    // Every browser accepts gzip; a bare HTTP client that does not gets the plain protobuf.
    return acceptsGzip ? { status: 200, etag, data, gzip: true } : { status: 200, etag, data: zlib.gunzipSync(data), gzip: false };
  }
}
