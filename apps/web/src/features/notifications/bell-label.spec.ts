import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel } from './bell-label';

describe('bellLabel', () => {
  it("names the bell with the count: 'Notifications, N unread'", () => {
    expect(bellLabel(0)).toBe('Notifications, 0 unread');
    expect(bellLabel(12)).toBe('Notifications, 12 unread');
    expect(bellLabel(undefined)).toBe('Notifications');
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
