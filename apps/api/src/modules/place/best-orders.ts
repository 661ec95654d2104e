import { drinkLabel, formatRating, normalizeOrderText, orderTextLabel, PLACE_LIST_LIMITS, type BestOrder, type Drink } from '@siplog/contracts';
import type { OrderRow } from './place-lists.repository';

interface Group {
  label: string;
  drink: BestOrder['drink'];
  sum: number;
  post_ids: number[];
}

/**
 * A place's best orders from its reviews (newest first): reviews with drink details grouped by drink, milk and
 * temperature, the others by their normalised order text; ranked by a Bayesian average, so an order needs several
 * good reviews to beat one with many (PLACE_LIST_LIMITS' prior: 5 reviews of 3 stars). None below 3 reviews.
 */
export function bestOrders(rows: readonly OrderRow[]): BestOrder[] {
  if (rows.length < PLACE_LIST_LIMITS.bestOrdersMinReviews) return [];
  const groups = new Map<string, Group>();
  // Order texts repeat (a place's regulars order the same things): each distinct text is normalised once.
  const textKeys = new Map<string, string>();
  for (const row of rows) {
    const drink = row.drinkKind
      ? ({ kind: row.drinkKind, milk: row.drinkMilk, temperature: row.drinkTemperature } as Pick<Drink, 'kind' | 'milk' | 'temperature'>)
      : null;
    let key: string;
    if (drink) key = `drink:${drink.kind}|${drink.milk ?? ''}|${drink.temperature ?? ''}`;
    else {
      key = textKeys.get(row.orderText) ?? `text:${normalizeOrderText(row.orderText)}`;
      textKeys.set(row.orderText, key);
    }
    let group = groups.get(key);
    if (!group) {
      // The newest review names a text group: the order as people write it now.
      group = { label: drink ? drinkLabel(drink) : orderTextLabel(row.orderText), drink, sum: 0, post_ids: [] };
      groups.set(key, group);
    }
    group.sum += row.rating;
    group.post_ids.push(row.id);
  }
  const { bestOrdersPriorWeight: weight, bestOrdersPriorRating: prior } = PLACE_LIST_LIMITS;
  const score = (group: Group) => (weight * prior + group.sum) / (weight + group.post_ids.length);
  return [...groups.values()]
    .map((group) => ({ group, score: score(group) }))
    // Equal scores: more reviews first, then the most recently reviewed.
    .sort((a, b) => b.score - a.score || b.group.post_ids.length - a.group.post_ids.length || b.group.post_ids[0] - a.group.post_ids[0])
    .slice(0, PLACE_LIST_LIMITS.bestOrdersMax)
    .map(({ group }) => ({
      label: group.label,
      drink: group.drink,
      rating: formatRating(group.sum, group.post_ids.length),
      count: group.post_ids.length,
      post_ids: group.post_ids.slice(0, PLACE_LIST_LIMITS.bestOrderPostIdsMax),
    }));
}
