DROP INDEX "notifications_one_unread_reply_unique";--> statement-breakpoint
DROP INDEX "posts_establishment_drink_idx";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "person_username" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_one_unread_reply_unique" ON "notifications" USING btree ("user_id","post_id" NULLS FIRST,"actor_id") WHERE "notifications"."kind" = 'reply' and "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "posts_establishment_drink_idx" ON "posts" USING btree ("establishment_id","drink_group" NULLS FIRST,"user_id");--> statement-breakpoint
-- Mail queued before this migration gets its Message-ID's unique part now; every enqueue writes one from here on.
UPDATE "mail_queue" SET "message_id" = gen_random_uuid()::text WHERE "message_id" IS NULL;--> statement-breakpoint
-- The person of the moderation log's earlier rows, where it can still be told (SQLite 0010): the owner of the report
-- acted on, or the account an admin suspended or unsuspended by e-mail, with the username they have now; an erased
-- account's row keeps the username its target names.
UPDATE "moderation_actions" m SET "person_id" = coalesce(
    (SELECT r."owner_id" FROM "reports" r WHERE r."id" = m."report_id"),
    (SELECT u."id" FROM "users" u WHERE m."target_kind" = 'user' AND u."email" = m."target"))
  WHERE m."person_id" IS NULL;--> statement-breakpoint
UPDATE "moderation_actions" m SET "person_username" = coalesce(
    (SELECT u."username" FROM "users" u WHERE u."id" = m."person_id"),
    CASE WHEN m."action" = 'delete_account' AND strpos(m."target", ' <') > 0 THEN split_part(m."target", ' <', 1) END)
  WHERE m."person_username" IS NULL;--> statement-breakpoint
-- A place's drink mix (0004) counts only the reviews of people who are neither deactivated nor suspended, as its
-- review totals do (0003; SQLite 0010). The places are locked in id order first, as the totals' recount does: the
-- update then reads with a snapshot taken after any (de)activation, (un)suspension or review holding them committed.
CREATE OR REPLACE FUNCTION "establishments_recount_drink_mix"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "establishments" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "establishments" e SET "drink_mix" = (
    SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
        (CASE WHEN 3 * count(*) FILTER (WHERE p."drink_group" = 'coffee') >= count(*) THEN 1 ELSE 0 END)
      + (CASE WHEN 3 * count(*) FILTER (WHERE p."drink_group" = 'tea') >= count(*) THEN 2 ELSE 0 END)
      + (CASE WHEN 3 * count(*) FILTER (WHERE p."drink_group" = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM "posts" p JOIN "users" u ON u."id" = p."user_id"
    WHERE p."establishment_id" = e."id" AND p."drink_group" IS NOT NULL AND u."deactivated_at" IS NULL AND u."suspended_at" IS NULL)
  WHERE e."id" = ANY(ids);
END $$;--> statement-breakpoint
-- Hiding or showing a person again recounts the places they reviewed with drink details.
CREATE FUNCTION "users_activity_recounts_drink_mix"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "establishments_recount_drink_mix"(ARRAY(SELECT DISTINCT "establishment_id" FROM "posts" WHERE "user_id" = NEW."id" AND "drink_group" IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_activity_recounts_drink_mix" AFTER UPDATE OF "deactivated_at", "suspended_at" ON "users"
FOR EACH ROW WHEN ((OLD."deactivated_at" IS NULL AND OLD."suspended_at" IS NULL) <> (NEW."deactivated_at" IS NULL AND NEW."suspended_at" IS NULL))
EXECUTE FUNCTION "users_activity_recounts_drink_mix"();--> statement-breakpoint
-- Mixes of existing rows by the new rule (once).
SELECT "establishments_recount_drink_mix"(ARRAY(SELECT DISTINCT "establishment_id" FROM "posts" WHERE "drink_group" IS NOT NULL));
