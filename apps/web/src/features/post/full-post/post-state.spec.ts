import { describe, expect, it } from 'vitest';
import { isAuthor, likesLabel, parsePostId, toggledLike } from './post-state';

describe('a review address', () => {
  it('reads a positive id of digits', () => {
    expect(parsePostId('42')).toBe(42);
    expect(parsePostId('007')).toBe(7);
    expect(parsePostId('2147483647')).toBe(2147483647);
  });

  it('refuses anything else, and ids past what the database holds (the server answers those pages 404)', () => {
    for (const param of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', '12abc', ' 12', '9'.repeat(16), '2147483648', '3000000000']) {
      expect(parsePostId(param), String(param)).toBeNull();
    }
  });
});

describe('a like click', () => {
  it('adds one like, or takes one away', () => {
    expect(toggledLike({ liked: false, likes: 4 })).toEqual({ liked: true, likes: 5 });
    expect(toggledLike({ liked: true, likes: 5 })).toEqual({ liked: false, likes: 4 });
  });

  it('never shows fewer than no likes', () => {
    expect(toggledLike({ liked: true, likes: 0 })).toEqual({ liked: false, likes: 0 });
  });

  it('names the exact count', () => {
    expect(likesLabel(1)).toBe('1 like');
    expect(likesLabel(0)).toBe('0 likes');
    expect(likesLabel(1234)).toBe('1234 likes');
  });
});

describe('the author', () => {
  it('is the signed-in person with the same username, whatever the case', () => {
    expect(isAuthor({ username: 'annlee' }, 'AnnLee')).toBe(true);
    expect(isAuthor({ username: 'annlee' }, 'benortiz')).toBe(false);
    expect(isAuthor({ username: 'annlee' }, undefined)).toBe(false);
  });
});
