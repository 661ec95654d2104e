-- Review totals count only the reviews of people who are neither deactivated nor suspended, as the place page shows
-- them (SQLite 0007: 0001 here, as SQLite's 0003, counted deactivation only). The same functions with the wider
-- rule, and suspending or unsuspending recounts the places the person reviewed as (re)activating does.
CREATE OR REPLACE FUNCTION "establishments_recount_totals"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "establishments" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "establishments" e SET ("post_count", "rating_sum", "last_post_at") = (
    SELECT count(*), coalesce(sum(p."rating"), 0), max(p."created_at")
    FROM "posts" p JOIN "users" u ON u."id" = p."user_id"
    WHERE p."establishment_id" = e."id" AND u."deactivated_at" IS NULL AND u."suspended_at" IS NULL)
  WHERE e."id" = ANY(ids);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "posts_counters_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deactivated bigint;
  suspended bigint;
BEGIN
  -- FOR SHARE waits for a (de)activation or (un)suspension of the author in flight, then reads its outcome.
  SELECT "deactivated_at", "suspended_at" INTO deactivated, suspended FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  IF deactivated IS NULL AND suspended IS NULL THEN
    UPDATE "establishments" SET "post_count" = "post_count" + 1, "rating_sum" = "rating_sum" + NEW."rating",
      "last_post_at" = greatest(coalesce("last_post_at", NEW."created_at"), NEW."created_at")
    WHERE "id" = NEW."establishment_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "users_activity_recounts_places" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_activity_recounts_places" AFTER UPDATE OF "deactivated_at", "suspended_at" ON "users"
FOR EACH ROW WHEN ((OLD."deactivated_at" IS NULL AND OLD."suspended_at" IS NULL) <> (NEW."deactivated_at" IS NULL AND NEW."suspended_at" IS NULL))
EXECUTE FUNCTION "users_activity_recounts_places"();--> statement-breakpoint
-- Totals of existing rows by the new rule (once).
SELECT "establishments_recount_totals"(ARRAY(SELECT DISTINCT "establishment_id" FROM "posts"));
