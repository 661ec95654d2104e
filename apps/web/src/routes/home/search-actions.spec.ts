import { describe, expect, it } from 'vitest';
import { searchAction, searchTerm } from './search-actions';
import type { PlaceSearchResult } from './place-types';

const base = { id: 'x', name: 'Loop', label: 'Loop, Chicago, IL', lat: 41.88, lng: -87.63 };

describe('search text', () => {
  it('is sent from 2 characters, trimmed and capped at 100', () => {
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm(' jo ')).toBe('jo');
    expect(searchTerm('x'.repeat(120))).toHaveLength(100);
  });
});

describe('choosing a search result', () => {
  it('flies to an area at the after-search zoom, or at the zoom the result names', () => {
    expect(searchAction({ ...base, kind: 'area' })).toEqual({ type: 'fly', center: { lat: 41.88, lng: -87.63 }, zoom: 12 });
    expect(searchAction({ ...base, kind: 'area', zoom: 15 })).toMatchObject({ type: 'fly', zoom: 15 });
  });

  it('opens an establishment by its id', () => {
    expect(searchAction({ ...base, kind: 'establishment', establishment_id: 7 })).toEqual({
      type: 'openEstablishment',
      establishmentId: 7,
      center: { lat: 41.88, lng: -87.63 },
    });
  });

  it("selects a provider's place through its place info", () => {
    const place_info = { place_id: 'mapbox:1', name: 'Bean', lat: 41.88, lng: -87.63 };
    expect(searchAction({ ...base, kind: 'place', place_info })).toMatchObject({ type: 'selectProviderPlace', placeInfo: place_info });
  });

  it('just flies there when a place result lacks what selecting needs', () => {
    const incomplete: PlaceSearchResult = { ...base, kind: 'establishment' };
    expect(searchAction(incomplete)).toMatchObject({ type: 'fly' });
  });
});
