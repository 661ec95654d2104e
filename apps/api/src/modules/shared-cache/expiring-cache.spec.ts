import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache (the provider places placeselected may create)', () => {
  it('forgets the oldest entry beyond its size and any entry past its age', () => {
    let now = 0;
    const cache = new ExpiringCache<string>(2, 1000, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([null, 'B', 'C', 2]);
    now = 999;
    expect(cache.get('b')).toBe('B');
    now = 1000;
    expect(cache.get('b')).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('renews an entry set again, so a place searched anew stays', () => {
    let now = 0;
    const cache = new ExpiringCache<string>(2, 1000, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B');
    now = 500;
    cache.set('a', 'A2');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A2', null, 'C']);
    now = 1400;
    expect(cache.get('a')).toBe('A2');
  });
});
