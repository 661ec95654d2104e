/**
 * Issue 19's place features: the map's drink filters, best orders and the Want to try list. Their constants and
 * answers live here once for the API and the web app.
 */
import type { Drink } from './drinks';

/** The map's kind filters: one at a time, beside the 4.5+ filter. */
export const MAP_KIND_FILTERS = ['coffee', 'tea', 'boba'] as const;
export type MapKindFilter = (typeof MAP_KIND_FILTERS)[number];
export const MAP_KIND_FILTER_LABELS: Record<MapKindFilter, string> = { coffee: 'Coffee', tea: 'Tea', boba: 'Boba' };
/** Each kind's bit in establishments.drink_mix (kept by the database from reviews with drink details). */
export const MAP_KIND_BITS: Record<MapKindFilter, number> = { coffee: 1, tea: 2, boba: 4 };
/**
 * A place also counts as a kind when a word of its name starts with one of these (lower case): 'Lantern Leaf Boba',
 * 'Plum Blossom Teahouse'. Word starts, so 'Steam Room' is no tea house.
 */
export const MAP_KIND_NAME_WORDS: Record<MapKindFilter, readonly string[]> = {
  coffee: ['coffee', 'espresso', 'cafe', 'café', 'roast', 'brew'],
  tea: ['tea', 'matcha', 'chai'],
  boba: ['boba', 'bubble', 'pearl', 'tapioca'],
};
/** The 4.5+ filter: places whose average rating is at least this. */
export const MAP_TOP_RATING_MIN = 4.5;

export const PLACE_LIST_LIMITS = {
  /** Best orders are shown for a place with at least this many reviews. */
  bestOrdersMinReviews: 3,
  bestOrdersMax: 10,
  /** A best order lists at most this many of its reviews (newest first), as many as the place page shows. */
  bestOrderPostIdsMax: 100,
  /** Best orders look at this many of a place's most recent reviews. */
  bestOrdersReviewsRead: 5000,
  /** The Bayesian average's prior: an order's stars are averaged with this many reviews of this rating. */
  bestOrdersPriorWeight: 5,
  bestOrdersPriorRating: 3,
  wantToTryMax: 500,
} as const;

export const PLACE_LIST_MESSAGES = {
  wantToTryFull: `Your Want to try list is full (${PLACE_LIST_LIMITS.wantToTryMax} places). Remove a place to add another.`,
} as const;

/** One of a place's best orders: a drink (kind, milk, temperature) or, without details, an order's normalised text. */
export interface BestOrder {
  label: string;
  /** The drink the group is, or null for a group of order texts. */
  drink: Pick<Drink, 'kind' | 'milk' | 'temperature'> | null;
  /** The group's average stars, one decimal ('4.8'). */
  rating: string;
  count: number;
  /** The group's reviews, newest first. */
  post_ids: number[];
}

/** Sizes say nothing about what was ordered: '8 oz', '16oz', '350 ml', 'large', 'grande'. */
const SIZE_WORDS = /\b(?:\d+(?:[.,]\d+)?\s*(?:fl\.?\s*)?(?:oz|ounces?|ml|cl|l)\b|(?:extra[\s-]?)?(?:small|medium|large|regular|tall|grande|venti|trenta|short|sm|md|lg|xl)\b)/giu;

/**
 * An order's text as best orders group it: sizes dropped, punctuation to spaces, spacing collapsed, lower case.
 * 'Oat milk cortado, 8 oz' and 'oat milk  CORTADO (large)' are one order.
 */
export function normalizeOrderText(text: string): string {
  return text
    .toLowerCase()
    .replace(SIZE_WORDS, ' ')
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** An order's text as a best order's label: sizes dropped, the rest as written, first letter capitalised. */
export function orderTextLabel(text: string): string {
  const label = text
    .replace(SIZE_WORDS, ' ')
    .replace(/\s*[,;(]\s*[,;)]?\s*$/u, '')
    .replace(/\(\s*\)/gu, '')
    .replace(/\s+([,;])/gu, '$1')
    .replace(/([,;])(?:\s*[,;])+/gu, '$1')
    .replace(/[\s,;]+$/u, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return label.charAt(0).toUpperCase() + label.slice(1);
}
