import { describe, expect, it } from 'vitest';
import { pinSummary, toMapPin } from './place-pins';

describe('pin tooltip line', () => {
  it('gives the rating and the review count', () => {
    expect(pinSummary({ rating: '4.5', posts: 12 })).toBe('4.5 ★ · 12 reviews');
    expect(pinSummary({ rating: '5.0', posts: 1 })).toBe('5.0 ★ · 1 review');
  });

  it('says when nobody reviewed the place yet', () => {
    expect(pinSummary({ rating: '', posts: 0 })).toBe('No reviews yet');
  });
});

describe('pins of Want to try places', () => {
  const place = { establishment_id: 7, name: 'Pearl & Boba', street: '', city: 'Chicago', state: 'IL', lat: 41.88, lng: -87.63, posts: 2, rating: '4.5', hours: null, good_for_working: false };

  it('are marked, and their tooltip says so', () => {
    expect(toMapPin(place, true)).toMatchObject({ id: 7, wanted: true, extra: '4.5 ★ · 2 reviews · Want to try' });
    expect(toMapPin(place)).toMatchObject({ wanted: false, extra: '4.5 ★ · 2 reviews' });
  });
});
