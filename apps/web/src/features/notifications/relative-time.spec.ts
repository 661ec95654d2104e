import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.UTC(2026, 4, 20, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('relativeTime', () => {
  it('says minutes, hours and days as people say them, then the date', () => {
    expect(relativeTime(ago(20_000), NOW)).toBe('just now');
    expect(relativeTime(ago(MINUTE), NOW)).toBe('1 min ago');
    expect(relativeTime(ago(5 * MINUTE + 30_000), NOW)).toBe('5 min ago');
    expect(relativeTime(ago(60 * MINUTE), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 60 * MINUTE), NOW)).toBe('23 hours ago');
    expect(relativeTime(ago(30 * 60 * MINUTE), NOW)).toBe('yesterday');
    expect(relativeTime(ago(6 * 24 * 60 * MINUTE), NOW)).toBe('6 days ago');
    const weekOld = new Date(NOW - 8 * 24 * 60 * MINUTE);
    expect(relativeTime(weekOld.toISOString(), NOW)).toBe(`${weekOld.getMonth() + 1}/${weekOld.getDate()}/${weekOld.getFullYear()}`);
  });

  it('says just now for a time a little ahead of this clock', () => {
    expect(relativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('just now');
  });
});
