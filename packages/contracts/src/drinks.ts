/**
 * Drink details on a review (issue 19): what was ordered, hot or iced, which milk, how sweet, which toppings. The
 * lists live here once; the API validates against them, the database stores their values and the web app offers them.
 */

/** Drink kinds by group, in the order the picker shows them. Values are the wire and stored form. */
export const DRINK_GROUPS = {
  coffee: ['espresso', 'americano', 'latte', 'cappuccino', 'flat_white', 'cortado', 'macchiato', 'mocha', 'pour_over', 'drip', 'cold_brew'],
  tea: ['matcha', 'chai', 'black_tea', 'green_tea', 'oolong', 'herbal_tea', 'milk_tea', 'fruit_tea'],
  boba: ['classic_milk_tea', 'brown_sugar', 'taro', 'thai_tea', 'fruit_boba'],
  other: ['hot_chocolate', 'other'],
} as const;

export type DrinkGroup = keyof typeof DRINK_GROUPS;
export type DrinkKind = (typeof DRINK_GROUPS)[DrinkGroup][number];

export const DRINK_GROUP_NAMES = Object.keys(DRINK_GROUPS) as DrinkGroup[];
export const DRINK_KINDS = DRINK_GROUP_NAMES.flatMap((group) => DRINK_GROUPS[group]) as DrinkKind[];

export const DRINK_GROUP_LABELS: Record<DrinkGroup, string> = { coffee: 'Coffee', tea: 'Tea', boba: 'Boba', other: 'Other' };

export const DRINK_KIND_LABELS: Record<DrinkKind, string> = {
  espresso: 'Espresso',
  americano: 'Americano',
  latte: 'Latte',
  cappuccino: 'Cappuccino',
  flat_white: 'Flat white',
  cortado: 'Cortado',
  macchiato: 'Macchiato',
  mocha: 'Mocha',
  pour_over: 'Pour-over',
  drip: 'Drip',
  cold_brew: 'Cold brew',
  matcha: 'Matcha',
  chai: 'Chai',
  black_tea: 'Black tea',
  green_tea: 'Green tea',
  oolong: 'Oolong',
  herbal_tea: 'Herbal tea',
  milk_tea: 'Milk tea',
  fruit_tea: 'Fruit tea',
  classic_milk_tea: 'Classic milk tea',
  brown_sugar: 'Brown sugar',
  taro: 'Taro',
  thai_tea: 'Thai tea',
  fruit_boba: 'Fruit boba',
  hot_chocolate: 'Hot chocolate',
  other: 'Other drink',
};

export const DRINK_TEMPERATURES = ['hot', 'iced'] as const;
export type DrinkTemperature = (typeof DRINK_TEMPERATURES)[number];
export const DRINK_TEMPERATURE_LABELS: Record<DrinkTemperature, string> = { hot: 'Hot', iced: 'Iced' };

export const DRINK_MILKS = ['whole', 'skim', 'oat', 'almond', 'soy', 'coconut', 'none'] as const;
export type DrinkMilk = (typeof DRINK_MILKS)[number];
export const DRINK_MILK_LABELS: Record<DrinkMilk, string> = {
  whole: 'Whole milk',
  skim: 'Skim milk',
  oat: 'Oat milk',
  almond: 'Almond milk',
  soy: 'Soy milk',
  coconut: 'Coconut milk',
  none: 'No milk',
};

export const DRINK_SWEETNESS = [0, 25, 50, 75, 100] as const;
export type DrinkSweetness = (typeof DRINK_SWEETNESS)[number];

export const DRINK_TOPPINGS = ['tapioca_pearls', 'popping_boba', 'grass_jelly', 'pudding', 'cheese_foam', 'red_bean', 'aloe', 'none'] as const;
export type DrinkTopping = (typeof DRINK_TOPPINGS)[number];
export const DRINK_TOPPING_LABELS: Record<DrinkTopping, string> = {
  tapioca_pearls: 'Tapioca pearls',
  popping_boba: 'Popping boba',
  grass_jelly: 'Grass jelly',
  pudding: 'Pudding',
  cheese_foam: 'Cheese foam',
  red_bean: 'Red bean',
  aloe: 'Aloe',
  none: 'No toppings',
};

/** A review's drink as every Post answer carries it: the kind, and null (or no toppings) for what was not given. */
export interface Drink {
  kind: DrinkKind;
  temperature: DrinkTemperature | null;
  milk: DrinkMilk | null;
  sweetness: DrinkSweetness | null;
  toppings: DrinkTopping[];
}

export const DRINK_MESSAGES = {
  kind: 'Choose a drink from the list.',
  temperature: 'Temperature must be hot or iced.',
  milk: `Milk must be one of: ${DRINK_MILKS.join(', ')}.`,
  sweetness: `Sweetness must be one of: ${DRINK_SWEETNESS.join(', ')}.`,
  toppings: `Toppings must be a list of: ${DRINK_TOPPINGS.join(', ')}.`,
  toppingsNone: "'none' cannot be combined with other toppings.",
} as const;

const KIND_GROUP = new Map<string, DrinkGroup>(DRINK_GROUP_NAMES.flatMap((group) => DRINK_GROUPS[group].map((kind) => [kind, group] as const)));

export function drinkGroupOf(kind: DrinkKind): DrinkGroup {
  return KIND_GROUP.get(kind)!;
}

/** Toppings in the list's order, each once: the stored and answered form. */
export function normalizeToppings(toppings: readonly DrinkTopping[]): DrinkTopping[] {
  const chosen = new Set(toppings);
  return DRINK_TOPPINGS.filter((topping) => chosen.has(topping));
}

/**
 * What the drink was, in words, from the parts best orders group by: 'Iced oat milk cortado', 'Hot latte',
 * 'Matcha, no milk'. Sweetness and toppings are left to the chips.
 */
export function drinkLabel(drink: Pick<Drink, 'kind' | 'temperature' | 'milk'>): string {
  const kind = DRINK_KIND_LABELS[drink.kind];
  const words = [
    drink.temperature ? DRINK_TEMPERATURE_LABELS[drink.temperature] : '',
    drink.milk && drink.milk !== 'none' ? DRINK_MILK_LABELS[drink.milk] : '',
    kind,
  ].filter(Boolean);
  const label = words.map((word, index) => (index === 0 ? word : lowerFirst(word))).join(' ');
  return drink.milk === 'none' ? `${label}, no milk` : label;
}

/** The drink as chips, in reading order: 'Iced', 'Oat milk', 'Cortado', '50% sweet', 'Tapioca pearls'. */
export function drinkChips(drink: Drink): string[] {
  return [
    drink.temperature ? DRINK_TEMPERATURE_LABELS[drink.temperature] : null,
    DRINK_KIND_LABELS[drink.kind],
    drink.milk ? DRINK_MILK_LABELS[drink.milk] : null,
    drink.sweetness === null ? null : `${drink.sweetness}% sweet`,
    ...drink.toppings.map((topping) => DRINK_TOPPING_LABELS[topping]),
  ].filter((chip): chip is string => chip !== null);
}

function lowerFirst(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1);
}
