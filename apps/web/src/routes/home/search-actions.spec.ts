import type { PlaceSearchResult } from '@siplog/contracts';
import { describe, expect, it } from 'vitest';
import { areaLink, searchAction } from './search-actions';

const base = { id: 'x', name: 'Loop', label: 'Loop, Chicago, IL', lat: 41.88, lng: -87.63 };

describe('choosing a search result', () => {
  it('flies to an area at the after-search zoom (12), whatever zoom the server suggests', () => {
    expect(searchAction({ ...base, kind: 'area' })).toMatchObject({ type: 'fly', center: { lat: 41.88, lng: -87.63 }, zoom: 12 });
    expect(searchAction({ ...base, kind: 'area', zoom: 15 })).toMatchObject({ type: 'fly', zoom: 12 });
  });

  it('opens an establishment by its id, at the after-search zoom', () => {
    expect(searchAction({ ...base, kind: 'establishment', establishment_id: 7, zoom: 16 })).toEqual({
      type: 'openEstablishment',
      establishmentId: 7,
      center: { lat: 41.88, lng: -87.63 },
      zoom: 12,
    });
  });

  it("selects a provider's place through its place info", () => {
    const place_info = { place_id: 'mapbox:1', name: 'Bean', street: '', city: '', state: '', zip: '', country: '', lat: 41.88, lng: -87.63 };
    expect(searchAction({ ...base, kind: 'place', place_info })).toMatchObject({ type: 'selectProviderPlace', placeInfo: place_info, zoom: 12 });
  });

  it('just flies there when a place result lacks what selecting needs', () => {
    const incomplete: PlaceSearchResult = { ...base, kind: 'establishment' };
    expect(searchAction(incomplete)).toMatchObject({ type: 'fly', zoom: 12, area: null });
  });
});

describe('the area page of an area result', () => {
  it('names the area with its state or country code, as the area page finds it', () => {
    expect(areaLink({ name: 'Wicker Park', label: 'Chicago, IL' })).toEqual({ name: 'Wicker Park', path: '/view/wicker-park-il' });
    expect(areaLink({ name: 'Springfield', label: 'Springfield, IL' }).path).toBe('/view/springfield-il');
    expect(areaLink({ name: 'Paris', label: 'Paris, 11' }).path).toBe('/view/paris-11');
    expect(areaLink({ name: 'Zürich', label: 'Zürich, ZH' }).path).toBe('/view/zurich-zh');
  });

  it('uses the name alone when the label ends in no code', () => {
    expect(areaLink({ name: 'Wollongong', label: 'Wollongong, New South Wales' }).path).toBe('/view/wollongong');
    expect(areaLink({ name: 'Gotham', label: 'Gotham' }).path).toBe('/view/gotham');
  });

  it('comes with area results only', () => {
    expect(searchAction({ ...base, kind: 'area', name: 'Wicker Park', label: 'Chicago, IL' })).toMatchObject({
      area: { name: 'Wicker Park', path: '/view/wicker-park-il' },
    });
  });
});
