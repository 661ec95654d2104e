import { describe, expect, it } from 'vitest';
import { placeSearchQuery } from './place-search-query';

describe('placeSearchQuery: the words typed as each engine searches them', () => {
  it('makes every word a prefix term that must match, for FTS5 and for PostgreSQL', () => {
    expect(placeSearchQuery('sqlite', 'Café olé')).toBe('"Café"* "olé"*');
    expect(placeSearchQuery('pg', 'Café olé')).toBe("'Café':* & 'olé':*");
  });

  it('keeps to the name when asked', () => {
    expect(placeSearchQuery('sqlite', 'dark matter', { nameOnly: true })).toBe('name : ("dark"* "matter"*)');
    expect(placeSearchQuery('pg', 'dark matter', { nameOnly: true })).toBe("'dark':*A & 'matter':*A");
  });

  it('leaves operators, quotes and punctuation out, and answers null when no word is left', () => {
    expect(placeSearchQuery('pg', `it's "a" | !b & (c:*) <-> d\\`)).toBe("'it':* & 's':* & 'a':* & 'b':* & 'c':* & 'd':*");
    expect(placeSearchQuery('sqlite', 'NEAR(grid cafe) OR x*')).toBe('"NEAR"* "grid"* "cafe"* "OR"* "x"*');
    for (const dialect of ['sqlite', 'pg'] as const) expect(placeSearchQuery(dialect, ' "*:&|!() ')).toBeNull();
  });
});
