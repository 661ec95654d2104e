import { DRINK_TOPPINGS, type Drink, type DrinkTopping } from '@siplog/contracts';

/**
 * Toppings after a tap on one: 'none' stands alone, so choosing it clears the rest and choosing another clears it;
 * a chosen topping tapped again goes. In the list's order.
 */
export function toggleTopping(current: readonly DrinkTopping[], tapped: DrinkTopping): DrinkTopping[] {
  if (current.includes(tapped)) return current.filter((topping) => topping !== tapped);
  const next = tapped === 'none' ? ['none'] : [...current.filter((topping) => topping !== 'none'), tapped];
  return DRINK_TOPPINGS.filter((topping) => next.includes(topping));
}

/** A new drink of this kind, keeping what was chosen for the previous one (null when no drink is chosen). */
export function withKind(current: Drink | null, kind: Drink['kind'] | ''): Drink | null {
  if (!kind) return null;
  return { kind, temperature: current?.temperature ?? null, milk: current?.milk ?? null, sweetness: current?.sweetness ?? null, toppings: current?.toppings ?? [] };
}
