CREATE TABLE "want_to_try" (
	"user_id" integer NOT NULL,
	"establishment_id" integer NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from statement_timestamp()) * 1000))::bigint NOT NULL,
	CONSTRAINT "want_to_try_user_id_establishment_id_pk" PRIMARY KEY("user_id","establishment_id")
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "drink_mix" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_kind" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_group" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_temperature" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_milk" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_sweetness" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_toppings" text;--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "want_to_try_user_recent_idx" ON "want_to_try" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "want_to_try_establishment_idx" ON "want_to_try" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "posts_establishment_drink_idx" ON "posts" USING btree ("establishment_id","drink_group" NULLS FIRST);--> statement-breakpoint
-- The map's Coffee, Tea and Boba filters (issue 19; SQLite 0008): a place counts as a kind when at least a third of its
-- reviews with drink details are of it. Recounted whenever a review with details comes, goes, or changes its drink or place.
CREATE OR REPLACE FUNCTION "establishments_recount_drink_mix"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "establishments" e SET "drink_mix" = (
    SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
        (CASE WHEN 3 * count(*) FILTER (WHERE p."drink_group" = 'coffee') >= count(*) THEN 1 ELSE 0 END)
      + (CASE WHEN 3 * count(*) FILTER (WHERE p."drink_group" = 'tea') >= count(*) THEN 2 ELSE 0 END)
      + (CASE WHEN 3 * count(*) FILTER (WHERE p."drink_group" = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM "posts" p WHERE p."establishment_id" = e."id" AND p."drink_group" IS NOT NULL)
  WHERE e."id" = ANY(ids);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "posts_drink_mix"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "establishments_recount_drink_mix"(ARRAY[NEW."establishment_id"]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "establishments_recount_drink_mix"(ARRAY[OLD."establishment_id"]);
  ELSE
    PERFORM "establishments_recount_drink_mix"(ARRAY[OLD."establishment_id", NEW."establishment_id"]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_drink_mix_insert" AFTER INSERT ON "posts" FOR EACH ROW WHEN (NEW."drink_group" IS NOT NULL)
EXECUTE FUNCTION "posts_drink_mix"();--> statement-breakpoint
CREATE TRIGGER "posts_drink_mix_delete" AFTER DELETE ON "posts" FOR EACH ROW WHEN (OLD."drink_group" IS NOT NULL)
EXECUTE FUNCTION "posts_drink_mix"();--> statement-breakpoint
CREATE TRIGGER "posts_drink_mix_update" AFTER UPDATE OF "drink_group", "establishment_id" ON "posts" FOR EACH ROW
WHEN (OLD."drink_group" IS DISTINCT FROM NEW."drink_group" OR OLD."establishment_id" <> NEW."establishment_id")
EXECUTE FUNCTION "posts_drink_mix"();
