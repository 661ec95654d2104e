/** The engine-neutral words the map speaks: the page never sees MapLibre or Mapbox types. */

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
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export type MapMode = 'mapbox' | 'style' | 'offline';

export interface MapConfig {
  mode: MapMode;
  styleUrl: string;
  accessToken?: string;
}

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
  remove(): void;
}

export interface MapEngineEvents {
  onPinSelect: (id: number) => void;
  onPinHover: (pin: MapPin | null, point: ScreenPoint | null) => void;
  onMoveEnd: (bounds: Bounds, center: LatLng, zoom: number) => void;
  /** Every frame while the camera moves: things anchored to a place follow it. */
  onMove: () => void;
  onMapClick: (point: LatLng) => void;
  /** The style or its tiles could not be loaded. */
  onError: (message: string) => void;
}

export interface MapEngineOptions {
  container: HTMLElement;
  config: MapConfig;
  center: LatLng;
  zoom: number;
  minZoom: number;
  /** The brand colours the app draws its pins in, read from the design tokens. */
  colors: PinColors;
  events: MapEngineEvents;
}

export interface PinColors {
  pin: string;
  pinSelected: string;
  halo: string;
  clusterText: string;
}

/** An engine file's one export, loaded with import(). */
export type CreateMapEngine = (options: MapEngineOptions) => Promise<MapEngine>;
