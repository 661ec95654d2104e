/** The engine-neutral words the map speaks: the page never sees MapLibre or Mapbox types. */
import type { AppRouter } from '@siplog/api';
import type { inferRouterOutputs } from '@trpc/server';
import type { Theme } from '../../lib/theme';

export interface LatLng {
  lat: number;
  lng: number;
}

/** A view's edges in degrees, as place.inBounds takes them. */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface MapPin {
  id: number;
  lat: number;
  lng: number;
  /** The place's name: the hover tooltip's first line. */
  label: string;
  /** A second tooltip line, e.g. the rating. */
  extra?: string;
  /** On the signed-in person's Want to try list: drawn with a ring of its own. */
  wanted?: boolean;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

/** What map.config answers: which engine draws the map, and with which style. */
export type MapConfig = inferRouterOutputs<AppRouter>['map']['config'];
export type MapMode = MapConfig['mode'];

/** What a loaded engine draws into: one per MapView, made by an engine file and driven by MapView. */
export interface MapEngine {
  setPins(pins: MapPin[]): void;
  setSelected(id: number | null): void;
  flyTo(center: LatLng, zoom?: number): void;
  getBounds(): Bounds;
  getCenter(): LatLng;
  getZoom(): number;
  project(point: LatLng): ScreenPoint;
  resize(): void;
  /** The app's theme changed: the map takes that theme's style (where the config names one) and pin colours. */
  setTheme(theme: Theme, colors: PinColors): void;
  remove(): void;
}

export interface MapEngineEvents {
  onPinSelect: (id: number) => void;
  onPinHover: (pin: MapPin | null, point: ScreenPoint | null) => void;
  onMoveEnd: (bounds: Bounds, center: LatLng, zoom: number) => void;
  /** The camera started moving (a pan, a zoom, or a flight the page asked for). */
  onMoveStart: () => void;
  /** Every frame while the camera moves: things anchored to a place follow it. */
  onMove: () => void;
  onMapClick: (point: LatLng) => void;
  /** Something went wrong that the map survives (a tile, a cluster zoom): for the client log. */
  onError: (message: string) => void;
  /** The map cannot show its first view (the style failed, or it never loaded): the page offers a retry. */
  onLoadFailed: (message: string) => void;
}

export interface MapEngineOptions {
  container: HTMLElement;
  config: MapConfig;
  /** MapLibre's worker as the page already fetched it (a blob: URL), else its file is fetched. */
  workerUrl?: string;
  center: LatLng;
  zoom: number;
  minZoom: number;
  /** The app's theme when the map is made: the dark theme draws config.darkStyleUrl where there is one. */
  theme: Theme;
  /** The brand colours the app draws its pins in, read from the design tokens. */
  colors: PinColors;
  events: MapEngineEvents;
}

export interface PinColors {
  pin: string;
  pinSelected: string;
  halo: string;
  clusterText: string;
  /** The ring of a place on the Want to try list. */
  wanted: string;
}

/** An engine file's one export, loaded with import(). */
export type CreateMapEngine = (options: MapEngineOptions) => Promise<MapEngine>;
