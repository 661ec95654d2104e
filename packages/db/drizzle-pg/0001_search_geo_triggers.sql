-- PostgreSQL twins of what SQLite's migrations 0002-0005 add outside drizzle-kit's reach: review totals, slug guards,
-- place search (FTS5) and the map's bounds index (R*Tree). Tables stay column for column equal to SQLite's.

-- Review totals count only the reviews of people who are not deactivated (as SQLite's triggers since 0003).
-- The recount locks the places first: under READ COMMITTED the UPDATE that follows takes a fresh snapshot, so it
-- counts every review committed before the lock was granted (SQLite gets this by running one writer at a time).
CREATE FUNCTION "establishments_recount_totals"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "establishments" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "establishments" e SET ("post_count", "rating_sum", "last_post_at") = (
    SELECT count(*), coalesce(sum(p."rating"), 0), max(p."created_at")
    FROM "posts" p JOIN "users" u ON u."id" = p."user_id"
    WHERE p."establishment_id" = e."id" AND u."deactivated_at" IS NULL)
  WHERE e."id" = ANY(ids);
END $$;--> statement-breakpoint
CREATE FUNCTION "posts_counters_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deactivated bigint;
BEGIN
  -- FOR SHARE waits for a (de)activation of the author in flight, then reads its outcome.
  SELECT "deactivated_at" INTO deactivated FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  IF deactivated IS NULL THEN
    UPDATE "establishments" SET "post_count" = "post_count" + 1, "rating_sum" = "rating_sum" + NEW."rating",
      "last_post_at" = greatest(coalesce("last_post_at", NEW."created_at"), NEW."created_at")
    WHERE "id" = NEW."establishment_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_counters_insert" AFTER INSERT ON "posts"
FOR EACH ROW EXECUTE FUNCTION "posts_counters_insert"();--> statement-breakpoint
-- Recounted rather than decremented: the author may be deactivated, or already gone (a cascade from users).
CREATE FUNCTION "posts_counters_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "establishments_recount_totals"(ARRAY[OLD."establishment_id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_counters_delete" AFTER DELETE ON "posts"
FOR EACH ROW EXECUTE FUNCTION "posts_counters_delete"();--> statement-breakpoint
CREATE FUNCTION "posts_counters_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "establishments_recount_totals"(ARRAY[OLD."establishment_id", NEW."establishment_id"]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_counters_update" AFTER UPDATE OF "establishment_id", "rating", "created_at", "user_id" ON "posts"
FOR EACH ROW EXECUTE FUNCTION "posts_counters_update"();--> statement-breakpoint
-- Deactivating or reactivating (whoever writes it) recounts the places the person reviewed, in the same statement.
CREATE FUNCTION "users_activity_recounts_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "establishments_recount_totals"(ARRAY(SELECT DISTINCT "establishment_id" FROM "posts" WHERE "user_id" = NEW."id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_activity_recounts_places" AFTER UPDATE OF "deactivated_at" ON "users"
FOR EACH ROW WHEN ((OLD."deactivated_at" IS NULL) <> (NEW."deactivated_at" IS NULL))
EXECUTE FUNCTION "users_activity_recounts_places"();--> statement-breakpoint

-- Slugs come from one rule, contracts' slugify: every insert gives one, and none is cleared (SQLite 0003).
CREATE FUNCTION "establishments_slug_required"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'establishments.slug is required: insert through insertEstablishment or pass slugify(name, city)'
    USING ERRCODE = 'not_null_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "establishments_slug_required" BEFORE INSERT ON "establishments"
FOR EACH ROW WHEN (NEW."slug" IS NULL) EXECUTE FUNCTION "establishments_slug_required"();--> statement-breakpoint
CREATE FUNCTION "establishments_slug_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'establishments.slug cannot be cleared' USING ERRCODE = 'not_null_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "establishments_slug_kept" BEFORE UPDATE OF "slug" ON "establishments"
FOR EACH ROW WHEN (NEW."slug" IS NULL) EXECUTE FUNCTION "establishments_slug_kept"();--> statement-breakpoint

-- Place search, FTS5's twin (unicode61 remove_diacritics 2, bm25 weights 10/2/1 over name, street, city): words
-- folded by unaccent, weighted A/B/C, prefix queries with `:*`. An expression index, so no column is added.
CREATE EXTENSION IF NOT EXISTS "unaccent" WITH SCHEMA "public";--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it; this wrapper pins the
-- dictionary and is declared IMMUTABLE. Schema-qualified so it resolves under any search_path (pg_dump, autovacuum).
CREATE FUNCTION "public"."f_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT "public"."unaccent"('"public"."unaccent"'::regdictionary, $1)
$$;--> statement-breakpoint
CREATE FUNCTION "public"."establishment_search"(name text, street text, city text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('pg_catalog.simple'::regconfig, "public"."f_unaccent"(coalesce(name, ''))), 'A')
      || setweight(to_tsvector('pg_catalog.simple'::regconfig, "public"."f_unaccent"(coalesce(street, ''))), 'B')
      || setweight(to_tsvector('pg_catalog.simple'::regconfig, "public"."f_unaccent"(coalesce(city, ''))), 'C')
$$;--> statement-breakpoint
CREATE INDEX "establishments_search_idx" ON "establishments" USING gin ("public"."establishment_search"("name", "street", "city"));--> statement-breakpoint

-- The map's bounds queries, the R*Tree's twin: `point(lng, lat) <@ box(point(west, south), point(east, north))`
-- walks this index; `lat between south and north and lng between west and east` beside it keeps SQLite's answer
-- (box() would swap a west east of east). Dense boxes walk establishments_rank_idx instead, as on SQLite.
CREATE INDEX "establishments_geo_idx" ON "establishments" USING gist (point("lng", "lat"));
