import { describe, expect, it } from 'vitest';
import { suggestionPoint } from './suggestion-area';

describe('the point follow suggestions are asked about', () => {
  it('is the map centre to a tenth of a degree, so a small pan asks the same', () => {
    expect(suggestionPoint({ lat: 41.8963, lng: -87.6727 })).toEqual({ lat: 41.9, lng: -87.7 });
    expect(suggestionPoint({ lat: 41.9241, lng: -87.6512 })).toEqual(suggestionPoint({ lat: 41.8963, lng: -87.6727 }));
    expect(suggestionPoint({ lat: 30.2672, lng: -97.7431 })).toEqual({ lat: 30.3, lng: -97.7 });
  });

  it('brings a longitude from past the antimeridian back into -180..180', () => {
    expect(suggestionPoint({ lat: 10, lng: 190 })).toEqual({ lat: 10, lng: -170 });
    expect(suggestionPoint({ lat: 10, lng: -200.04 })).toEqual({ lat: 10, lng: 160 });
    expect(suggestionPoint({ lat: 10, lng: 540 }).lng).toBe(-180);
  });

  it('never leaves the range the API accepts', () => {
    expect(suggestionPoint({ lat: 89.99, lng: 179.99 })).toEqual({ lat: 90, lng: 180 });
    expect(suggestionPoint({ lat: -90, lng: -180 })).toEqual({ lat: -90, lng: -180 });
  });
});
