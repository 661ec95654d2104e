import { describe, expect, it } from 'vitest';
import { DRINK_KINDS, DRINK_MESSAGES, drinkChips, drinkGroupOf, drinkLabel } from './drinks';
import { drinkInputSchema, updatePostSchema } from './schemas/post';

const messageOf = (input: unknown) => {
  const result = drinkInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe('drink details', () => {
  it('fills what was not given with null and orders toppings as the list does, each once', () => {
    expect(drinkInputSchema.parse({ kind: 'classic_milk_tea', toppings: ['pudding', 'tapioca_pearls', 'pudding'], sweetness: '50' })).toEqual({
      kind: 'classic_milk_tea',
      temperature: null,
      milk: null,
      sweetness: 50,
      toppings: ['tapioca_pearls', 'pudding'],
    });
  });

  it('refuses values outside the lists', () => {
    expect(messageOf({ kind: 'frappuccino' })).toBe(DRINK_MESSAGES.kind);
    expect(messageOf({})).toBe(DRINK_MESSAGES.kind);
    expect(messageOf({ kind: 'latte', temperature: 'warm' })).toBe(DRINK_MESSAGES.temperature);
    expect(messageOf({ kind: 'latte', milk: 'goat' })).toBe(DRINK_MESSAGES.milk);
    expect(messageOf({ kind: 'latte', sweetness: 40 })).toBe(DRINK_MESSAGES.sweetness);
    expect(messageOf({ kind: 'latte', sweetness: 'lots' })).toBe(DRINK_MESSAGES.sweetness);
    expect(messageOf({ kind: 'taro', toppings: ['sprinkles'] })).toBe(DRINK_MESSAGES.toppings);
    expect(messageOf({ kind: 'taro', toppings: 'aloe' })).toBe(DRINK_MESSAGES.toppings);
    expect(messageOf({ kind: 'taro', toppings: ['none', 'aloe'] })).toBe(DRINK_MESSAGES.toppingsNone);
    expect(messageOf({ kind: 'latte', size: 'large' })).not.toBeNull();
    expect(messageOf('latte')).not.toBeNull();
  });

  it('an edit may leave the drink alone (absent) or remove it (null)', () => {
    const edit = { postid: 1, order: 'Latte', review: 'Fine', rating: 4 };
    expect(updatePostSchema.parse(edit).drink).toBeUndefined();
    expect(updatePostSchema.parse({ ...edit, drink: null }).drink).toBeNull();
  });

  it('names the drink from kind, milk and temperature', () => {
    expect(drinkLabel({ kind: 'cortado', milk: 'oat', temperature: null })).toBe('Oat milk cortado');
    expect(drinkLabel({ kind: 'latte', milk: 'oat', temperature: 'iced' })).toBe('Iced oat milk latte');
    expect(drinkLabel({ kind: 'matcha', milk: 'none', temperature: 'hot' })).toBe('Hot matcha, no milk');
    expect(drinkLabel({ kind: 'brown_sugar', milk: null, temperature: null })).toBe('Brown sugar');
  });

  it('shows every part as a chip', () => {
    expect(drinkChips({ kind: 'classic_milk_tea', temperature: 'iced', milk: 'oat', sweetness: 25, toppings: ['tapioca_pearls'] })).toEqual([
      'Iced',
      'Classic milk tea',
      'Oat milk',
      '25% sweet',
      'Tapioca pearls',
    ]);
  });

  it('puts every kind in exactly one group', () => {
    expect(new Set(DRINK_KINDS).size).toBe(DRINK_KINDS.length);
    expect(drinkGroupOf('fruit_boba')).toBe('boba');
    expect(drinkGroupOf('fruit_tea')).toBe('tea');
    expect(drinkGroupOf('cold_brew')).toBe('coffee');
  });
});
