import { describe, expect, it } from 'vitest';
import { boundsAround, hasViewMoved, isQueryableView, normalizeBounds } from './view-bounds';

const chicago = { west: -87.66, south: 41.86, east: -87.6, north: 41.9 };

describe('has the view moved', () => {
  it('counts the first view as new', () => {
    expect(hasViewMoved(null, chicago)).toBe(true);
  });

  it('ignores a shift of a few pixels', () => {
    expect(hasViewMoved(chicago, { ...chicago, west: chicago.west + 0.0005, east: chicago.east + 0.0005 })).toBe(false);
  });

  it('sees a pan and a zoom', () => {
    expect(hasViewMoved(chicago, { ...chicago, west: chicago.west + 0.02, east: chicago.east + 0.02 })).toBe(true);
    expect(hasViewMoved(chicago, { west: -87.645, south: 41.87, east: -87.615, north: 41.89 })).toBe(true);
  });
});

describe('views the server answers', () => {
  it('accepts a city view', () => {
    expect(isQueryableView(chicago)).toBe(true);
  });

  it('refuses a view crossing the antimeridian or covering too much', () => {
    expect(isQueryableView({ west: 170, south: -10, east: 190, north: 0 })).toBe(false);
    expect(isQueryableView({ west: -170, south: 10, east: -60, north: 70 })).toBe(false);
  });

  it('brings a view from a wrapped world copy back into -180..180', () => {
    const wrapped = normalizeBounds({ west: -447.66, south: 41.86, east: -447.6, north: 41.9 });
    expect(wrapped.west).toBeCloseTo(-87.66);
    expect(wrapped.east).toBeCloseTo(-87.6);
    expect(isQueryableView({ west: 272.34, south: 41.86, east: 272.4, north: 41.9 })).toBe(true);
  });
});

describe('the area around a centre', () => {
  it('spans what a map of that size shows at that zoom', () => {
    const area = boundsAround({ lat: 0, lng: 0 }, 0, 512, 512);
    expect(area.west).toBeCloseTo(-180);
    expect(area.east).toBeCloseTo(180);
    expect(area.north).toBeCloseTo(85.05, 1);
  });

  it('is centred on the point, narrower at higher zoom', () => {
    const area = boundsAround({ lat: 41.88, lng: -87.63 }, 14, 1280, 800);
    expect((area.west + area.east) / 2).toBeCloseTo(-87.63);
    expect(area.east - area.west).toBeCloseTo((1280 * 360) / (512 * 2 ** 14));
    expect(area.south).toBeLessThan(41.88);
    expect(area.north).toBeGreaterThan(41.88);
  });
});
