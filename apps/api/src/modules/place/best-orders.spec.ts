import { describe, expect, it } from 'vitest';
import { bestOrders } from './best-orders';
import type { OrderRow } from './place-lists.repository';

let nextId = 1000;
const review = (rating: number, orderText: string, drink: Partial<Pick<OrderRow, 'drinkKind' | 'drinkMilk' | 'drinkTemperature'>> = {}): OrderRow => ({
  id: nextId--,
  orderText,
  rating,
  drinkKind: null,
  drinkMilk: null,
  drinkTemperature: null,
  ...drink,
});
const times = (n: number, make: () => OrderRow) => Array.from({ length: n }, make);

describe('best orders', () => {
  it('rank twenty reviews at 4.8 above a single 5', () => {
    const rows = [
      review(5, 'Lavender latte'),
      ...times(16, () => review(5, 'Cortado')),
      ...times(4, () => review(4, 'cortado, 8 oz')),
    ];
    const orders = bestOrders(rows);
    expect(orders.map((order) => [order.label, order.rating, order.count])).toEqual([
      ['Cortado', '4.8', 20],
      ['Lavender latte', '5.0', 1],
    ]);
  });

  it('group reviews with details by drink, milk and temperature, apart from order texts', () => {
    const oatIced = { drinkKind: 'latte', drinkMilk: 'oat', drinkTemperature: 'iced' };
    const rows = [
      review(5, 'Big iced oat latte', oatIced),
      review(4, 'oat latte on ice', oatIced),
      review(3, 'Latte', { drinkKind: 'latte', drinkMilk: 'oat', drinkTemperature: 'hot' }),
      review(2, 'Latte'),
    ];
    const orders = bestOrders(rows);
    expect(orders.map((order) => [order.label, order.count, order.drink])).toEqual([
      ['Iced oat milk latte', 2, { kind: 'latte', milk: 'oat', temperature: 'iced' }],
      ['Hot oat milk latte', 1, { kind: 'latte', milk: 'oat', temperature: 'hot' }],
      ['Latte', 1, null],
    ]);
    expect(orders[0].post_ids).toEqual([rows[0].id, rows[1].id]);
  });

  it('are none below three reviews, and at most ten', () => {
    expect(bestOrders([review(5, 'A'), review(5, 'B')])).toEqual([]);
    expect(bestOrders(times(15, () => review(4, `Order ${nextId}`))).length).toBe(10);
  });
});
