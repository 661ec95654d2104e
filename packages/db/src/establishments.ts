import { eq } from 'drizzle-orm';
import { slugify } from '@siplog/contracts';
import type { DB } from './client';
import { establishments } from './schema';

export type EstablishmentRow = typeof establishments.$inferSelect;
/** A new establishment; `slug` may be left out, and is then made from name and city by the one rule. */
export type NewEstablishment = Omit<typeof establishments.$inferInsert, 'id' | 'slug'> & { slug?: string };

/** The database or a transaction of it: enough to read and insert establishments. */
type Writer = Pick<DB, 'select' | 'insert'>;

/** `base`, else `base-2`, `base-3`, ...: the first slug no place has. */
export function freeSlug(db: Pick<DB, 'select'>, base: string): string {
  const taken = (slug: string) =>
    db.select({ id: establishments.id }).from(establishments).where(eq(establishments.slug, slug)).get() !== undefined;
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** The slug a new place gets: slugify(name, city), made free of collisions. */
export function slugForNewPlace(db: Pick<DB, 'select'>, place: { name: string; city?: string | null }): string {
  return freeSlug(db, slugify(place.name, place.city ?? ''));
}

/**
 * The one way to insert an establishment (the app, the seed, benchmarks and tests): fills the slug by
 * contracts' slugify, the same rule the place service uses. Call inside a write transaction when others
 * may insert at once, so the free slug stays free.
 */
export function insertEstablishment(db: Writer, values: NewEstablishment): EstablishmentRow {
  const slug = values.slug ?? slugForNewPlace(db, values);
  return db
    .insert(establishments)
    .values({ ...values, slug })
    .returning()
    .get();
}
