import { describe, expect, it } from 'vitest';
import { displayPlaceName } from '../format';
import { LIMITS } from '../limits';
import { parsePlaceEntry, placeEntry } from './user';

describe('place entries among usernames', () => {
  it('round-trips a followed place with its whole name', () => {
    const name = 'Intelligentsia Coffee Wicker Park Coffeebar';
    expect(placeEntry(12, name)).toBe(`place:12;${name}`);
    expect(parsePlaceEntry(placeEntry(12, name))).toEqual({ establishmentId: '12', name });
  });

  it('keeps a semicolon inside the name', () => {
    expect(parsePlaceEntry('place:7;Tea; and cake')).toEqual({ establishmentId: '7', name: 'Tea; and cake' });
  });

  it('answers null for a username or a malformed entry', () => {
    expect(parsePlaceEntry('annlee')).toBeNull();
    expect(parsePlaceEntry('place:12')).toBeNull();
  });

  it('leaves the 20-character cut to the display', () => {
    const parsed = parsePlaceEntry(placeEntry(3, 'Houndstooth Coffee on North Lamar'));
    expect(displayPlaceName(parsed!.name)).toBe('Houndstooth Coffee o…');
    expect(displayPlaceName(parsed!.name).length).toBe(LIMITS.placeNameDisplayMax + 1);
  });
});
