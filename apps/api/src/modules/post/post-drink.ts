import { drinkGroupOf, type Drink, type DrinkKind, type DrinkMilk, type DrinkSweetness, type DrinkTemperature, type DrinkTopping } from '@siplog/contracts';

/** A review's drink as its posts columns hold it (all null when no details were given). */
export interface DrinkColumns {
  drinkKind: string | null;
  /** The kind's group, for the map's filters (establishments.drink_mix): written here, never read back. */
  drinkGroup?: string | null;
  drinkTemperature: string | null;
  drinkMilk: string | null;
  drinkSweetness: number | null;
  drinkToppings: string | null;
}

/** The columns for a validated drink, or all null to record (or clear) none. */
export function drinkColumns(drink: Drink | null): DrinkColumns {
  if (!drink) return { drinkKind: null, drinkGroup: null, drinkTemperature: null, drinkMilk: null, drinkSweetness: null, drinkToppings: null };
  return {
    drinkKind: drink.kind,
    drinkGroup: drinkGroupOf(drink.kind),
    drinkTemperature: drink.temperature,
    drinkMilk: drink.milk,
    drinkSweetness: drink.sweetness,
    drinkToppings: drink.toppings.join(','),
  };
}

/** The drink a Post answer carries; the columns were written by drinkColumns from contracts' lists. */
export function drinkOf(row: DrinkColumns): Drink | null {
  if (row.drinkKind === null) return null;
  return {
    kind: row.drinkKind as DrinkKind,
    temperature: row.drinkTemperature as DrinkTemperature | null,
    milk: row.drinkMilk as DrinkMilk | null,
    sweetness: row.drinkSweetness as DrinkSweetness | null,
    toppings: row.drinkToppings ? (row.drinkToppings.split(',') as DrinkTopping[]) : [],
  };
}
