import { describe, expect, it } from 'vitest';
import { LIMITS } from '@siplog/contracts';
import type { PostView } from '../types';
import { feedPageSizes, firstPageParam, isPlainClick, nextPageParam, postsOf, type FeedPage } from './feed-pages';

function post(id: number): PostView {
  return {
    post_id: id,
    _id: id,
    username: 'annlee',
    establishment_id: 1,
    establishment_name: 'Zhi Tea',
    post_date: '2026-01-08T00:00:00.000Z',
    order: `Order ${id}`,
    review: 'Good',
    rating: '4',
    drink: null,
    amenities: {},
    likes: 0,
    images: [],
    est_street: '',
    est_city: 'Austin',
    est_state: '',
    est_zip: '',
    est_country: '',
    mentions: [],
  };
}

const page = (ids: number[], nextCursor: string | null): FeedPage => ({ posts: ids.map(post), nextCursor });

describe('feed paging', () => {
  it('asks 5 then 1 in the side panel and 3 then 1 in the Activity panel', () => {
    expect(feedPageSizes(false)).toEqual({ first: LIMITS.feedFirstPage, next: LIMITS.feedNextPage });
    expect(feedPageSizes(true)).toEqual({ first: LIMITS.activityFirstPage, next: LIMITS.activityNextPage });
  });

  it('starts at the newest with the first size and goes on from the cursor with the next size', () => {
    expect(firstPageParam(5)).toEqual({ cursor: null, limit: 5 });
    expect(nextPageParam(page([9, 8, 7, 6, 5], '100_5'), 1)).toEqual({ cursor: '100_5', limit: 1 });
  });

  it('stops once a load adds nothing: no cursor, or an empty page', () => {
    expect(nextPageParam(page([2, 1], null), 1)).toBeUndefined();
    expect(nextPageParam(page([], '100_5'), 1)).toBeUndefined();
    expect(nextPageParam(page([], null), 1)).toBeUndefined();
  });

  it('lists the pages in the order loaded', () => {
    expect(postsOf(undefined)).toEqual([]);
    expect(postsOf([page([9, 8], '1_8'), page([7], '1_7'), page([], null)]).map((each) => each.post_id)).toEqual([9, 8, 7]);
  });
});

describe('opening a feed post', () => {
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

  it('opens in place on a plain left click only', () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...click, altKey: true })).toBe(false);
  });
});
