CREATE TABLE "want_to_try" (
	"user_id" integer NOT NULL,
	"establishment_id" integer NOT NULL,
	"created_at" bigint DEFAULT (floor(extract(epoch from statement_timestamp()) * 1000))::bigint NOT NULL,
	CONSTRAINT "want_to_try_user_id_establishment_id_pk" PRIMARY KEY("user_id","establishment_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_kind" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_temperature" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_milk" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_sweetness" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "drink_toppings" text;--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "want_to_try_user_recent_idx" ON "want_to_try" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "want_to_try_establishment_idx" ON "want_to_try" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "posts_establishment_drink_idx" ON "posts" USING btree ("establishment_id","drink_kind" NULLS FIRST);