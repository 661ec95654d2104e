import { doublePrecision, integer as pgInteger, pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/*
 * The two virtual tables migration 0002 keeps in sync with `establishments` by triggers, described here
 * for the query builder only: drizzle-kit never sees them (they are not exported from @siplog/db's schema).
 * They are SQLite's (R*Tree, FTS5), typed as PostgreSQL tables as @siplog/db's tables are, so the Database's
 * builders take them (the PostgreSQL declarations below are types only, never built). PostgreSQL has no such
 * tables: PlaceRepository builds those queries for it on indexes of establishments itself (drizzle-pg 0001).
 */

const _rtreePg = () =>
  pgTable('establishments_rtree', {
    id: pgInteger('id').primaryKey(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
  });

const _ftsPg = () =>
  pgTable('establishments_fts', {
    rowid: pgInteger('rowid').notNull(),
    name: pgText('name').notNull(),
    street: pgText('street').notNull(),
    city: pgText('city').notNull(),
  });

/** R*Tree of establishment points (each a zero-size box): the map's bounds and nearness queries. */
export const establishmentsRtree = sqliteTable('establishments_rtree', {
  id: integer('id').primaryKey(),
  minLat: real('min_lat').notNull(),
  maxLat: real('max_lat').notNull(),
  minLng: real('min_lng').notNull(),
  maxLng: real('max_lng').notNull(),
}) as unknown as ReturnType<typeof _rtreePg>;

/** FTS5 over name, street and city (external content: the rowid is the establishment id). */
export const establishmentsFts = sqliteTable('establishments_fts', {
  rowid: integer('rowid').notNull(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
}) as unknown as ReturnType<typeof _ftsPg>;
