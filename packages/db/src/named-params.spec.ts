import { describe, expect, it } from 'vitest';
import { toPositional } from './named-params';

describe('toPositional', () => {
  it('numbers each distinct name once, in order of first use', () => {
    expect(toPositional('select * from t where a = :a or b = :b or c = :a')).toEqual({
      text: 'select * from t where a = $1 or b = $2 or c = $1',
      names: ['a', 'b'],
    });
  });

  it('leaves casts, quoted text, quoted names and comments alone', () => {
    const compiled = toPositional(`select :id::int, ':not', 'it''s :no', "x:y" -- :comment\n, /* :block */ :last`);
    expect(compiled.text).toBe(`select $1::int, ':not', 'it''s :no', "x:y" -- :comment\n, /* :block */ $2`);
    expect(compiled.names).toEqual(['id', 'last']);
  });
});
