import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/*
 * The two virtual tables migration 0002 keeps in sync with `establishments` by triggers, described here
 * for the query builder only: drizzle-kit never sees them (they are not exported from @siplog/db's schema).
 */

/** R*Tree of establishment points (each a zero-size box): the map's bounds and nearness queries. */
export const establishmentsRtree = sqliteTable('establishments_rtree', {
  id: integer('id').primaryKey(),
  minLat: real('min_lat').notNull(),
  maxLat: real('max_lat').notNull(),
  minLng: real('min_lng').notNull(),
  maxLng: real('max_lng').notNull(),
});

/** FTS5 over name, street and city (external content: the rowid is the establishment id). */
export const establishmentsFts = sqliteTable('establishments_fts', {
  rowid: integer('rowid').notNull(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
});
