import { describe, expect, it } from 'vitest';
import { pinSummary } from './place-pins';

describe('pin tooltip line', () => {
  it('gives the rating and the review count', () => {
    expect(pinSummary({ rating: '4.5', posts: 12 })).toBe('4.5 ★ · 12 reviews');
    expect(pinSummary({ rating: '5.0', posts: 1 })).toBe('5.0 ★ · 1 review');
  });

  it('says when nobody reviewed the place yet', () => {
    expect(pinSummary({ rating: '', posts: 0 })).toBe('No reviews yet');
  });
});
