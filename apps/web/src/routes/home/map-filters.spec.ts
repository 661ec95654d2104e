import { describe, expect, it } from 'vitest';
import { inBoundsFilter, mapFiltersOf, NO_MAP_FILTERS, withMapFilters } from './map-filters';

describe('map filters in the URL', () => {
  it('reads a kind, 4.5+, open now and good for working, ignoring what is not one', () => {
    expect(mapFiltersOf(new URLSearchParams('kind=boba&top=1'))).toEqual({ kind: 'boba', top: true, open: false, work: false });
    expect(mapFiltersOf(new URLSearchParams('open=1&work=1'))).toEqual({ kind: null, top: false, open: true, work: true });
    expect(mapFiltersOf(new URLSearchParams('kind=juice&top=yes&open=true&work=0'))).toEqual(NO_MAP_FILTERS);
    expect(mapFiltersOf(new URLSearchParams(''))).toEqual(NO_MAP_FILTERS);
  });

  it('writes them beside other parameters, and removes them when off', () => {
    expect(withMapFilters(new URLSearchParams('x=1'), { kind: 'tea', top: true, open: false, work: false }).toString()).toBe('x=1&kind=tea&top=1');
    expect(withMapFilters(new URLSearchParams('x=1'), { kind: null, top: false, open: true, work: true }).toString()).toBe('x=1&open=1&work=1');
    expect(withMapFilters(new URLSearchParams('kind=tea&top=1&open=1&work=1'), NO_MAP_FILTERS).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const filters = { kind: 'coffee', top: false, open: true, work: true } as const;
    expect(mapFiltersOf(withMapFilters(new URLSearchParams('q=x'), filters))).toEqual(filters);
  });

  it('asks the API only for what is on', () => {
    expect(inBoundsFilter(NO_MAP_FILTERS)).toEqual({});
    expect(inBoundsFilter({ kind: 'coffee', top: true, open: false, work: false })).toEqual({ kind: 'coffee', top: true });
    expect(inBoundsFilter({ kind: null, top: false, open: true, work: true })).toEqual({ open: true, working: true });
  });
});
