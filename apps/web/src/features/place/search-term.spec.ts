import { describe, expect, it } from 'vitest';
import { searchTerm } from './search-term';

describe('search text', () => {
  it('is sent from 2 characters, trimmed and capped at 100', () => {
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm(' jo ')).toBe('jo');
    expect(searchTerm('x'.repeat(120))).toHaveLength(100);
  });
});
