import { describe, expect, it } from 'vitest';
import { addressLine, directionsUrl, followersLabel, isEstablishmentId, ratingValue, reviewCountLabel, streetAndCity } from './place-format';

describe('isEstablishmentId', () => {
  it('takes digits as an establishment id and anything else as an area', () => {
    expect(isEstablishmentId('12')).toBe(true);
    expect(isEstablishmentId('0')).toBe(false);
    expect(isEstablishmentId('012')).toBe(false);
    expect(isEstablishmentId('chicago')).toBe(false);
    expect(isEstablishmentId('wicker-park')).toBe(false);
    expect(isEstablishmentId('12abc')).toBe(false);
    expect(isEstablishmentId('41.9,-87.6')).toBe(false);
    expect(isEstablishmentId('')).toBe(false);
  });
});

describe('addressLine', () => {
  it('joins street, city, state with zip, and the country when there is one', () => {
    expect(addressLine({ street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' })).toBe(
      '1 Main St, Chicago, IL 60601, US',
    );
    expect(addressLine({ street: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: '' })).toBe('1 Main St, Chicago, IL 60601');
    expect(addressLine({ street: '', city: 'Chicago', state: '', zip: '60601' })).toBe('Chicago, 60601');
    expect(addressLine({ street: ' ', city: '', state: '', zip: '' })).toBe('');
  });

  it('gives street and city for the feed card', () => {
    expect(streetAndCity({ street: '2521 N Milwaukee Ave', city: 'Chicago' })).toBe('2521 N Milwaukee Ave, Chicago');
    expect(streetAndCity({ street: '', city: 'Chicago' })).toBe('Chicago');
  });
});

describe('counts', () => {
  it('says review or reviews, follower or followers, with the K shorthand', () => {
    expect(reviewCountLabel(0)).toBe('0 reviews');
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(1234)).toBe('1.2K reviews');
    expect(followersLabel(0)).toBe('0 followers');
    expect(followersLabel(1)).toBe('1 follower');
    expect(followersLabel(2500)).toBe('2.5K followers');
  });
});

describe('directionsUrl', () => {
  it('opens directions to the coordinates in the map app', () => {
    expect(directionsUrl(41.9097, -87.6773)).toBe('https://www.google.com/maps/dir/?api=1&destination=41.9097,-87.6773');
  });
});

describe('ratingValue', () => {
  it('reads the average, or null when unrated', () => {
    expect(ratingValue('4.3')).toBe(4.3);
    expect(ratingValue('')).toBeNull();
    expect(ratingValue('0')).toBeNull();
  });
});
