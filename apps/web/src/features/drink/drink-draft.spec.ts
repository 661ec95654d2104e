import { describe, expect, it } from 'vitest';
import { toggleTopping, withKind } from './drink-draft';

describe('drink draft', () => {
  it("keeps 'none' alone and toppings in the list's order", () => {
    expect(toggleTopping([], 'pudding')).toEqual(['pudding']);
    expect(toggleTopping(['pudding'], 'tapioca_pearls')).toEqual(['tapioca_pearls', 'pudding']);
    expect(toggleTopping(['tapioca_pearls', 'pudding'], 'none')).toEqual(['none']);
    expect(toggleTopping(['none'], 'aloe')).toEqual(['aloe']);
    expect(toggleTopping(['aloe'], 'aloe')).toEqual([]);
  });

  it('keeps the other choices when the kind changes, and drops everything with no kind', () => {
    const iced = withKind(null, 'latte');
    expect(iced).toEqual({ kind: 'latte', temperature: null, milk: null, sweetness: null, toppings: [] });
    expect(withKind({ ...iced!, milk: 'oat' }, 'cortado')).toMatchObject({ kind: 'cortado', milk: 'oat' });
    expect(withKind({ ...iced!, milk: 'oat' }, '')).toBeNull();
  });
});
