CREATE TABLE "remote_review_likes" (
	"user_id" integer NOT NULL,
	"remote_review_id" integer NOT NULL,
	"activity_uri" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "remote_review_likes_user_id_remote_review_id_pk" PRIMARY KEY("user_id","remote_review_id")
);
--> statement-breakpoint
ALTER TABLE "remote_review_likes" ADD CONSTRAINT "remote_review_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_review_likes" ADD CONSTRAINT "remote_review_likes_remote_review_id_remote_reviews_id_fk" FOREIGN KEY ("remote_review_id") REFERENCES "public"."remote_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_review_likes_review_idx" ON "remote_review_likes" USING btree ("remote_review_id");