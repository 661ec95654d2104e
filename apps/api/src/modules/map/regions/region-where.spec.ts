import { afterAll, describe, expect, it } from 'vitest';
import { Basemap, BASEMAP_FILE } from '@siplog/basemap';
import { BasemapHandle } from '../basemap.provider';
import { GazetteerService } from '../gazetteer.service';
import { boxAround, radiusKmOf, regionTargetOf } from './region-where';

const basemap = Basemap.open(BASEMAP_FILE);
const gazetteer = new GazetteerService(new BasemapHandle(basemap));
afterAll(() => basemap?.close());

const areaKm2 = ({ west, south, east, north }: { west: number; south: number; east: number; north: number }) =>
  (north - south) * 111.32 * (east - west) * 111.32 * Math.cos((((north + south) / 2) * Math.PI) / 180);

describe('a <where> as the CLI and the admin panel take it', () => {
  it('finds a city by name with its state or country, boxed by its size', () => {
    const portland = regionTargetOf('Portland, OR', gazetteer);
    expect(portland).toMatchObject({ name: 'Portland, OR', slug: 'portland-or', where: 'Portland, OR' });
    // A city of 630,000: 20 × 20 km, a few hundred km².
    expect(areaKm2(portland.bbox)).toBeGreaterThan(300);
    expect(areaKm2(portland.bbox)).toBeLessThan(500);
    expect(portland.bbox.west).toBeLessThan(-122.676);
    expect(portland.bbox.east).toBeGreaterThan(-122.676);

    expect(regionTargetOf('Lisbon', gazetteer)).toMatchObject({ name: 'Lisbon, PT', slug: 'lisbon-pt' });
    // The Portuguese town, not the Nigerian megacity.
    const lagos = regionTargetOf('Lagos, PT', gazetteer);
    expect(lagos).toMatchObject({ name: 'Lagos, PT', slug: 'lagos-pt' });
    expect(areaKm2(lagos.bbox)).toBeLessThan(50);
  });

  it('takes a bounding box, named after the nearest town', () => {
    const target = regionTargetOf('-8.70, 37.08, -8.65, 37.12', gazetteer);
    expect(target.bbox).toEqual({ west: -8.7, south: 37.08, east: -8.65, north: 37.12 });
    expect(target.name).toBe('Lagos, PT area');
    expect(target.slug).toBe('lagos-pt-area');
    expect(regionTargetOf('-8.70,37.08,-8.65,37.12', gazetteer, { name: 'Old Town' })).toMatchObject({ name: 'Old Town', slug: 'old-town' });
  });

  it('honours a radius and a name given', () => {
    const target = regionTargetOf('Lisbon', gazetteer, { radiusKm: 2, name: 'Baixa' });
    expect(target.slug).toBe('baixa');
    expect(areaKm2(target.bbox)).toBeGreaterThan(14);
    expect(areaKm2(target.bbox)).toBeLessThan(18);
  });

  it('says what to type for a name the gazetteer does not know, and for nothing at all', () => {
    expect(() => regionTargetOf('Nowhere Special Town', gazetteer)).toThrow(/No city or area called 'Nowhere Special Town'.*bounding box/);
    expect(() => regionTargetOf('   ', gazetteer)).toThrow(/Type a city or area name/);
  });

  it('sizes boxes by population, and keeps them on the map', () => {
    const entry = (population: number, kind: 'city' | 'neighbourhood' = 'city') =>
      ({ id: 1, name: 'X', kind, state: '', country: 'PT', lat: 0, lng: 0, population });
    expect([1_000, 50_000, 200_000, 600_000, 5_000_000].map((n) => radiusKmOf(entry(n)))).toEqual([3, 4, 7, 10, 15]);
    expect(radiusKmOf(entry(5_000_000, 'neighbourhood'))).toBe(2);
    const polar = boxAround(84.9, 179.99, 10);
    expect(polar.north).toBeLessThanOrEqual(85);
    expect(polar.east).toBeLessThanOrEqual(180);
  });
});
