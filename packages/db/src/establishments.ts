import { eq } from 'drizzle-orm';
import { slugify } from '@siplog/contracts';
import type { Database } from './database';
import { establishments } from './schema';

export type EstablishmentRow = typeof establishments.$inferSelect;
/** A new establishment; `slug` may be left out, and is then made from name and city by the one rule. */
export type NewEstablishment = Omit<typeof establishments.$inferInsert, 'id' | 'slug'> & { slug?: string };

/** `base`, else `base-2`, `base-3`, ...: the first slug no place has. */
export async function freeSlug(db: Pick<Database, 'select'>, base: string): Promise<string> {
  const taken = async (slug: string) =>
    (await db.select({ id: establishments.id }).from(establishments).where(eq(establishments.slug, slug)).limit(1)).length > 0;
  if (!(await taken(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

/** The slug a new place gets: slugify(name, city), made free of collisions. */
export function slugForNewPlace(db: Pick<Database, 'select'>, place: { name: string; city?: string | null }): Promise<string> {
  return freeSlug(db, slugify(place.name, place.city ?? ''));
}

/**
 * The one way to insert an establishment (the app, the seed, benchmarks and tests): fills the slug by
 * contracts' slugify, the same rule the place service uses. Call inside a transaction when others
 * may insert at once, so the free slug stays free.
 */
export async function insertEstablishment(db: Pick<Database, 'select' | 'insert'>, values: NewEstablishment): Promise<EstablishmentRow> {
  const slug = values.slug ?? (await slugForNewPlace(db, values));
  const [row] = await db
    .insert(establishments)
    .values({ ...values, slug })
    .returning();
  return row!;
}
