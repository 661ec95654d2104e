import { describe, expect, it } from 'vitest';
import { inBoundsFilter, mapFiltersOf, withMapFilters } from './map-filters';

describe('map filters in the URL', () => {
  it('reads a kind and 4.5+, ignoring what is not one', () => {
    expect(mapFiltersOf(new URLSearchParams('kind=boba&top=1'))).toEqual({ kind: 'boba', top: true });
    expect(mapFiltersOf(new URLSearchParams('kind=juice&top=yes'))).toEqual({ kind: null, top: false });
    expect(mapFiltersOf(new URLSearchParams(''))).toEqual({ kind: null, top: false });
  });

  it('writes them beside other parameters, and removes them when off', () => {
    expect(withMapFilters(new URLSearchParams('x=1'), { kind: 'tea', top: true }).toString()).toBe('x=1&kind=tea&top=1');
    expect(withMapFilters(new URLSearchParams('kind=tea&top=1'), { kind: null, top: false }).toString()).toBe('');
  });

  it('asks the API only for what is on', () => {
    expect(inBoundsFilter({ kind: null, top: false })).toEqual({});
    expect(inBoundsFilter({ kind: 'coffee', top: true })).toEqual({ kind: 'coffee', top: true });
  });
});
