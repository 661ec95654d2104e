import { describe, expect, it } from 'vitest';
import { shownStars } from './StarRating';

describe('shownStars', () => {
  it('shows a post rating as whole stars', () => {
    expect(shownStars('3')).toBe(3);
    expect(shownStars(5)).toBe(5);
  });

  it('rounds an average down to the half star, so 4.5 or 4.8 never shows five full stars', () => {
    expect(shownStars('4.5')).toBe(4.5);
    expect(shownStars('4.8')).toBe(4.5);
    expect(shownStars('4.3')).toBe(4);
    expect(shownStars('1.0')).toBe(1);
  });

  it('keeps within 0 to 5 and shows none for no rating', () => {
    expect(shownStars('')).toBe(0);
    expect(shownStars('abc')).toBe(0);
    expect(shownStars(7)).toBe(5);
    expect(shownStars(-1)).toBe(0);
  });
});
