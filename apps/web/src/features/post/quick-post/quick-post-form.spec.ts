import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES, LIMITS, PLACE_SERVER_MESSAGES, POST_MESSAGES, REVIEW_MESSAGES, type PlaceSearchResult } from '@siplog/contracts';
import {
  acceptPickedFiles,
  checkImageFile,
  checkQuickPost,
  failureDetail,
  fieldOfServerMessage,
  isPostablePlace,
  matchesPlace,
  placeOfProviderResult,
  type QuickPostDraft,
} from './quick-post-form';

const photo = (size = 1000, type = 'image/jpeg') => ({ type, size });

const place = {
  place_id: 'e2e:Dark Matter Coffee',
  establishment_id: 7,
  name: 'Dark Matter Coffee',
  street: '1805 W Chicago Ave',
  city: 'Chicago',
  state: 'IL',
  zip: '60622',
  country: 'US',
};

const valid: QuickPostDraft = {
  email: 'ann.lee@example.com',
  location: place,
  order: ' Oat cortado ',
  review: 'Balanced and bold.',
  rating: 4,
  files: [photo(), photo(2000, 'image/png')],
};

describe('checkQuickPost', () => {
  it("reports the spec's checks in its order, one at a time", () => {
    const steps: Array<[Partial<QuickPostDraft>, string, string]> = [
      [{ location: null }, 'location', REVIEW_MESSAGES.selectLocation],
      [{ order: '   ' }, 'order', REVIEW_MESSAGES.enterOrder],
      [{ review: '' }, 'review', REVIEW_MESSAGES.enterReview],
      [{ files: [] }, 'images', REVIEW_MESSAGES.uploadOneImage],
      [{ files: [photo(), photo(10, 'text/plain')] }, 'images', REVIEW_MESSAGES.invalidFileType],
      [{ files: [photo(LIMITS.reviewImageBytesMax)] }, 'images', REVIEW_MESSAGES.fileTooLarge],
    ];
    for (const [broken, field, message] of steps) {
      expect(checkQuickPost({ ...valid, ...broken })).toEqual({ ok: false, field, message });
    }
  });

  it('shows the earliest failing check when everything is missing', () => {
    const empty: QuickPostDraft = { email: valid.email, location: null, order: '', review: '', rating: 5, files: [] };
    expect(checkQuickPost(empty)).toEqual({ ok: false, field: 'location', message: REVIEW_MESSAGES.selectLocation });
  });

  it('refuses a control character in the order or review with the server’s message, before sending; keeps line breaks', () => {
    expect(checkQuickPost({ ...valid, order: 'Oat\u0000cortado' })).toEqual({ ok: false, field: 'order', message: INPUT_MESSAGES.controlCharacters });
    expect(checkQuickPost({ ...valid, review: 'Bold\u001b[1m' })).toEqual({ ok: false, field: 'review', message: INPUT_MESSAGES.controlCharacters });
    expect(checkQuickPost({ ...valid, review: 'Balanced.\n\tAnd bold.' }).ok).toBe(true);
  });

  it('checks the type before the size of the same file', () => {
    expect(checkQuickPost({ ...valid, files: [photo(LIMITS.reviewImageBytesMax, 'application/pdf')] })).toMatchObject({
      message: REVIEW_MESSAGES.invalidFileType,
    });
  });

  it('allows one byte under the 50,000,000 limit and refuses a fourth image', () => {
    expect(checkQuickPost({ ...valid, files: [photo(LIMITS.reviewImageBytesMax - 1)] }).ok).toBe(true);
    expect(checkQuickPost({ ...valid, files: [photo(), photo(), photo(), photo()] })).toEqual({
      ok: false,
      field: 'images',
      message: POST_MESSAGES.tooManyImages,
    });
  });

  it("builds the request's data field: trimmed texts, the place's address and filetype 'image'", () => {
    expect(checkQuickPost(valid)).toEqual({
      ok: true,
      data: {
        email: valid.email,
        place_id: place.place_id,
        establishment_name: place.name,
        order: 'Oat cortado',
        review: 'Balanced and bold.',
        rating: 4,
        filetype: 'image',
        street: place.street,
        city: place.city,
        zip: place.zip,
        state: place.state,
        country: place.country,
        drink: null,
      },
    });
  });

  it('sends the drink details in their stored form', () => {
    const check = checkQuickPost({ ...valid, drink: { kind: 'taro', temperature: 'iced', milk: null, sweetness: 50, toppings: ['pudding', 'tapioca_pearls'] } });
    expect(check.ok && check.data.drink).toEqual({ kind: 'taro', temperature: 'iced', milk: null, sweetness: 50, toppings: ['tapioca_pearls', 'pudding'] });
  });
});

describe('checkImageFile and acceptPickedFiles', () => {
  it('accepts any image type under the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic']) expect(checkImageFile(photo(10, type))).toBeNull();
    expect(checkImageFile(photo(10, ''))).toBe(REVIEW_MESSAGES.invalidFileType);
  });

  it('keeps the good files up to three and names the first problem', () => {
    const picked = [photo(), photo(5, 'text/plain'), photo(LIMITS.reviewImageBytesMax), photo()];
    expect(acceptPickedFiles(0, picked)).toEqual({ accepted: [picked[0], picked[3]], problem: REVIEW_MESSAGES.invalidFileType });
    expect(acceptPickedFiles(2, [photo(1), photo(2)])).toEqual({ accepted: [photo(1)], problem: POST_MESSAGES.tooManyImages });
    expect(acceptPickedFiles(1, [photo(1)])).toEqual({ accepted: [photo(1)], problem: null });
  });
});

describe('reading a refusal', () => {
  it('points a server message at its field', () => {
    expect(fieldOfServerMessage(REVIEW_MESSAGES.invalidFileType)).toBe('images');
    expect(fieldOfServerMessage(PLACE_SERVER_MESSAGES.searchAgain)).toBe('location');
    expect(fieldOfServerMessage(REVIEW_MESSAGES.enterReview)).toBe('review');
    expect(fieldOfServerMessage('Too many requests, please try again later.')).toBeNull();
  });

  it("adds the server's reason under 'Invalid post' only when there is another one", () => {
    expect(failureDetail('Invalid file type.')).toBe('Invalid file type.');
    expect(failureDetail(REVIEW_MESSAGES.failed.body)).toBeNull();
    expect(failureDetail('  ')).toBeNull();
    expect(failureDetail(undefined)).toBeNull();
  });
});

describe('places to post to', () => {
  const base = { id: 'x', name: 'Loop Roasters', label: '120 S State St, Chicago', lat: 41.88, lng: -87.62 };
  const info = { place_id: 'mb:1', name: 'Loop Roasters', street: '120 S State St', city: 'Chicago', state: 'IL', zip: '60603', country: 'US', lat: 41.88, lng: -87.62 };

  it('offers places on Siplog and the provider’s places, never areas', () => {
    expect(isPostablePlace({ ...base, kind: 'establishment', establishment_id: 3 })).toBe(true);
    expect(isPostablePlace({ ...base, kind: 'place', place_info: info })).toBe(true);
    expect(isPostablePlace({ ...base, kind: 'area' } as PlaceSearchResult)).toBe(false);
    expect(isPostablePlace({ ...base, kind: 'place' })).toBe(false);
  });

  it("takes a provider's place with its address, without an establishment yet", () => {
    expect(placeOfProviderResult({ ...base, kind: 'place', place_info: info })).toEqual({
      place_id: 'mb:1',
      name: 'Loop Roasters',
      street: '120 S State St',
      city: 'Chicago',
      state: 'IL',
      zip: '60603',
      country: 'US',
    });
    expect(placeOfProviderResult({ ...base, kind: 'area' })).toBeNull();
  });

  it('filters the person’s own places by every typed word', () => {
    expect(matchesPlace(place, 'dark')).toBe(true);
    expect(matchesPlace(place, 'matter chicago')).toBe(true);
    expect(matchesPlace(place, 'DARK tea')).toBe(false);
    expect(matchesPlace(place, '')).toBe(true);
  });
});
