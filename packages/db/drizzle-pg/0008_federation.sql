CREATE TABLE "federation_keys" (
	"user_id" integer NOT NULL,
	"algorithm" text NOT NULL,
	"public_jwk" text NOT NULL,
	"private_jwk" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "federation_keys_user_id_algorithm_pk" PRIMARY KEY("user_id","algorithm")
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" bigint
);
--> statement-breakpoint
ALTER TABLE "federation_keys" ADD CONSTRAINT "federation_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at" NULLS FIRST);