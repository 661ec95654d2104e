/**
 * The streets tileset: the real OpenStreetMap tiles of central Chicago that @mapbox/mvt-fixtures ships
 * (Mapbox Streets v7, 30 tiles at z13). z13 is kept as it is, minus layers and properties the style does
 * not use; z10..12 are rebuilt from it with major roads, water, parks and area labels only, so they stay small.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection } from 'geojson';
import { VectorTile, type VectorTileFeature, type VectorTileLayer } from '@mapbox/vector-tile';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import { PbfReader } from 'pbf';
import vtpbf from 'vt-pbf';
import { CHICAGO_TILES_Z13, LAYERS, TILESETS } from '../index.js';
import { parentRange, tileLat, tileLng, tilesOf, type TileRange } from './tile-math.mjs';
import type { TileWriter } from './tile-writer.mjs';

const require = createRequire(import.meta.url);
const FIXTURES = path.join(path.dirname(require.resolve('@mapbox/mvt-fixtures/package.json')), 'real-world', 'chicago');
const SOURCE: TileRange = { z: 13, ...CHICAGO_TILES_Z13 };
const L = LAYERS.streets;

type Props = Record<string, string | number | boolean>;

/** Which source layers the style draws, and the properties it reads from each. */
const KEEP: Record<string, string[]> = {
  [L.landuse]: ['class'],
  [L.water]: [],
  [L.waterway]: ['class'],
  [L.aeroway]: ['type'],
  [L.building]: [],
  [L.road]: ['class', 'structure'],
  [L.roadLabel]: ['class', 'name'],
  [L.waterwayLabel]: ['class', 'name'],
  [L.placeLabel]: ['type', 'name', 'localrank'],
  [L.poiLabel]: ['maki', 'name', 'scalerank'],
};

/** Landmarks worth a label; shops and cafés are left to the app's own pins. */
const POI_MAKI = new Set(['park', 'golf', 'cemetery', 'college', 'school', 'museum', 'stadium', 'monument', 'zoo', 'hospital', 'town-hall', 'library']);

const MAJOR_ROADS = ['motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'motorway_link', 'trunk_link'];

/** What the rebuilt low zooms keep: a feature's properties and the lowest zoom it appears at. */
function lowZoomFrom(layer: string, p: Props): number | null {
  switch (layer) {
    case L.water:
      return 10;
    case L.waterway:
      return p.class === 'river' || p.class === 'canal' ? 10 : null;
    case L.landuse:
      return p.class === 'park' ? 10 : ['cemetery', 'wood', 'grass', 'pitch', 'golf_course'].includes(String(p.class)) ? 12 : null;
    case L.road: {
      const rank = MAJOR_ROADS.indexOf(String(p.class));
      return rank < 0 ? null : rank <= 2 ? 10 : rank === 3 ? 11 : 12;
    }
    case L.roadLabel:
      return ['motorway', 'trunk', 'primary'].includes(String(p.class)) ? 12 : null;
    case L.waterwayLabel:
      return 11;
    case L.placeLabel:
      return p.type === 'neighbourhood' ? 12 : ['suburb', 'town', 'city', 'village'].includes(String(p.type)) ? 11 : null;
    default:
      return null;
  }
}

function pick(properties: Props, keys: string[]): Props {
  const out: Props = {};
  for (const key of keys) if (properties[key] !== undefined && properties[key] !== '') out[key] = properties[key];
  return out;
}

/** Road features a street map does not draw: station platforms and car-park lanes (they read as stray streets). */
const HIDDEN_ROAD_TYPES = new Set(['platform', 'service:parking_aisle', 'service:drive_through', 'turning_circle', 'turning_loop', 'mini_roundabout', 'level_crossing']);

function keepFeature(layer: string, feature: VectorTileFeature): boolean {
  const p = feature.properties;
  if (layer === L.poiLabel) return POI_MAKI.has(String(p.maki));
  if (layer === L.road) return !HIDDEN_ROAD_TYPES.has(String(p.type));
  // Ferry routes are not drawn, so their names would float over the water.
  if (layer === L.roadLabel) return p.class !== 'ferry';
  return true;
}

/** A layer view that vt-pbf can encode: only the kept features, with only the kept properties. */
function filteredLayer(layer: VectorTileLayer, keys: string[]) {
  const features: VectorTileFeature[] = [];
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    if (keepFeature(layer.name, feature)) features.push(feature);
  }
  return {
    name: layer.name,
    version: 2,
    extent: layer.extent,
    length: features.length,
    feature: (i: number) => {
      const source = features[i];
      return { id: source.id, type: source.type, properties: pick(source.properties as Props, keys), loadGeometry: () => source.loadGeometry() };
    },
  };
}

/** The area the street data covers, clipped to the tile: the style fills it with land so OSM water shows the real shore. */
function coverage(): Feature {
  const west = tileLng(SOURCE.minX, 13);
  const east = tileLng(SOURCE.maxX + 1, 13);
  const north = tileLat(SOURCE.minY, 13);
  const south = tileLat(SOURCE.maxY + 1, 13);
  const ring = [[west, south], [east, south], [east, north], [west, north], [west, south]];
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

export interface NeighbourhoodLabel {
  name: string;
  lat: number;
  lng: number;
}

/** Writes the streets tileset; answers the neighbourhood labels found, for the gazetteer. */
export function buildChicagoTiles(writer: TileWriter): NeighbourhoodLabel[] {
  const low: Record<string, Feature[]> = {};
  const neighbourhoods = new Map<string, NeighbourhoodLabel>();
  const coverageIndex = new GeoJSONVT(coverage(), { maxZoom: 13, buffer: 64 });

  for (const [x, y] of tilesOf(SOURCE)) {
    const tile = new VectorTile(new PbfReader(fs.readFileSync(path.join(FIXTURES, `13-${x}-${y}.mvt`))));
    const layers: Record<string, ReturnType<typeof filteredLayer>> = {};
    for (const [name, keys] of Object.entries(KEEP)) {
      const layer = tile.layers[name];
      if (!layer) continue;
      layers[name] = filteredLayer(layer, keys);
      for (let i = 0; i < layer.length; i++) {
        const feature = layer.feature(i);
        const props = feature.properties as Props;
        if (name === L.placeLabel && props.type === 'neighbourhood' && typeof props.name === 'string') {
          const [lng, lat] = (feature.toGeoJSON(x, y, 13).geometry as { coordinates: number[] }).coordinates;
          neighbourhoods.set(props.name, { name: props.name, lat, lng });
        }
        const minZoom = lowZoomFrom(name, props);
        if (minZoom === null) continue;
        const geo = feature.toGeoJSON(x, y, 13);
        (low[name] ??= []).push({ type: 'Feature', geometry: geo.geometry, properties: { ...pick(props, keys), minzoom: minZoom } });
      }
    }
    // MVT layers are a repeated protobuf field, so two encoded tiles concatenate into one tile.
    const streets = vtpbf.fromVectorTileJs({ layers });
    const land = vtpbf.fromGeojsonVt({ [L.coverage]: coverageIndex.getTile(13, x, y)! }, { version: 2 });
    writer.add('streets', 13, x, y, Buffer.concat([land, streets]));
  }

  const indexes = Object.entries(low).map(([name, features]) => ({
    name,
    index: new GeoJSONVT({ type: 'FeatureCollection', features: dedupeLabels(name, features) } as FeatureCollection, {
      maxZoom: 12,
      indexMaxZoom: 12,
      buffer: 64,
    }),
  }));
  for (let z = TILESETS.streets.minzoom; z < SOURCE.z; z++) {
    for (const [x, y] of tilesOf(parentRange(SOURCE, z))) {
      const content: Record<string, LegacyTile> = { [L.coverage]: coverageIndex.getTile(z, x, y)! };
      for (const { name, index } of indexes) {
        const features = index.getTile(z, x, y)?.features.filter((f) => Number(f.tags?.minzoom) <= z) ?? [];
        if (features.length > 0) content[name] = { features };
      }
      writer.add('streets', z, x, y, vtpbf.fromGeojsonVt(content, { version: 2 }));
    }
  }
  return [...neighbourhoods.values()];
}

/** Point labels repeat in the buffers of neighbouring z13 tiles: keep one per name at low zooms. */
function dedupeLabels(layer: string, features: Feature[]): Feature[] {
  if (layer !== L.placeLabel) return features;
  const seen = new Set<string>();
  return features.filter((f) => {
    const name = String(f.properties?.name);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}
