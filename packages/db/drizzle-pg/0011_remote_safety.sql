CREATE TABLE "federation_instance_keys" (
	"algorithm" text PRIMARY KEY NOT NULL,
	"public_jwk" text NOT NULL,
	"private_jwk" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_actor_blocks" (
	"user_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "remote_actor_blocks_user_id_actor_id_pk" PRIMARY KEY("user_id","actor_id")
);
--> statement-breakpoint
DROP INDEX "reports_one_open_unique";--> statement-breakpoint
DROP INDEX "reports_owner_idx";--> statement-breakpoint
DROP INDEX "reports_reporter_idx";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "remote_actor_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "from_host" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "flag_uri" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "forwarded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_actor_blocks" ADD CONSTRAINT "remote_actor_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_actor_blocks" ADD CONSTRAINT "remote_actor_blocks_actor_id_remote_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_actor_blocks_actor_idx" ON "remote_actor_blocks" USING btree ("actor_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_flag_unique" ON "reports" USING btree ("flag_uri" NULLS FIRST) WHERE "reports"."flag_uri" is not null;--> statement-breakpoint
CREATE INDEX "reports_remote_actor_idx" ON "reports" USING btree ("remote_actor_id" NULLS FIRST) WHERE "reports"."remote_actor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_unique" ON "reports" USING btree ("reporter_id" NULLS FIRST,"kind","target_key") WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id" NULLS FIRST);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_reporter" CHECK (("reports"."reporter_id" is null) <> ("reports"."from_host" is null));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_one_owner" CHECK (("reports"."owner_id" is null) <> ("reports"."remote_actor_id" is null));