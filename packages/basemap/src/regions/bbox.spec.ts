import { describe, expect, it } from 'vitest';
import { MAX_REGION_TILES, areaKm2, assertRegionSize, tileRangeOf, tilesInRegion, validateBbox } from './bbox';

describe('bbox', () => {
  it('finds the XYZ tiles a box covers, an edge on a tile border not pulling in the next tile', () => {
    expect(tileRangeOf({ west: -180, south: -85, east: 180, north: 85 }, 0)).toEqual({ z: 0, minX: 0, maxX: 0, minY: 0, maxY: 0 });
    // The north-east quarter's lower half at z2: x 2..3, y 1 (lat 0..66.51 is row 1).
    expect(tileRangeOf({ west: 0, south: 0, east: 180, north: 66.51326 }, 2)).toEqual({ z: 2, minX: 2, maxX: 3, minY: 1, maxY: 1 });
    expect(tileRangeOf({ west: 0, south: 0, east: 90, north: 60 }, 2)).toEqual({ z: 2, minX: 2, maxX: 2, minY: 1, maxY: 1 });
    // Chicago's z13 tiles, as the embedded basemap knows them.
    expect(tileRangeOf({ west: -87.8027, south: 41.7714, east: -87.5831, north: 41.9676 }, 13)).toEqual({ z: 13, minX: 2098, maxX: 2102, minY: 3042, maxY: 3047 });
  });

  it('counts a region over zooms and measures its area', () => {
    const box = { west: -8.7, south: 37.08, east: -8.65, north: 37.12 };
    let sum = 0;
    for (let z = 0; z <= 15; z++) {
      const range = tileRangeOf(box, z);
      sum += (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1);
    }
    expect(tilesInRegion(box, 0, 15)).toBe(sum);
    expect(tilesInRegion(box, 15, 15)).toBeLessThan(sum);
    expect(areaKm2({ west: 0, south: 0, east: 1, north: 1 })).toBeCloseTo(12_364, -1);
    expect(assertRegionSize(box, 0, 15)).toBe(sum);
  });

  it('refuses a region over the tile limit, naming its area and suggesting a smaller box', () => {
    const portugal = { west: -9.5, south: 37, east: -6.2, north: 42.1 };
    expect(tilesInRegion(portugal, 0, 15)).toBeGreaterThan(MAX_REGION_TILES);
    expect(() => assertRegionSize(portugal, 0, 15)).toThrow(/The box covers 1[\d,]{6} km², [\d,]+ tiles at zooms 0..15, more than the 50,000 one region may hold. Choose a smaller box/);
  });

  it('says what is wrong with a bad box', () => {
    const good = { west: 1, south: 2, east: 3, north: 4 };
    expect(validateBbox(good)).toBe(good);
    expect(() => validateBbox(null as never)).toThrow(/must be a box/);
    expect(() => validateBbox({ ...good, east: '3' as never })).toThrow(/east edge must be a finite number of degrees \(got 3\)/);
    expect(() => validateBbox({ ...good, south: Number.POSITIVE_INFINITY })).toThrow(/south edge must be a finite number/);
    expect(() => validateBbox({ ...good, east: 181 })).toThrow(/east edge 181 lies outside -180..180/);
    expect(() => validateBbox({ ...good, south: -86 })).toThrow(/south edge -86 lies outside -85.05..85.05/);
    expect(() => validateBbox({ west: 170, south: 0, east: -170, north: 10 })).toThrow(/crossing the antimeridian are not supported/);
    expect(() => validateBbox({ ...good, east: 1 })).toThrow(/no width/);
    expect(() => validateBbox({ ...good, north: 2 })).toThrow(/south edge 2 must lie south of its north edge 2/);
    expect(() => tileRangeOf(good, 27)).toThrow(/zoom must be a whole number from 0 to 26/);
  });
});
