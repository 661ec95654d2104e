CREATE TABLE `federation_departures` (
	`identifier` text PRIMARY KEY NOT NULL,
	`public_keys` text NOT NULL,
	`left_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `federation_domains` (
	`host` text PRIMARY KEY NOT NULL,
	`policy` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "federation_domains_policy_check" CHECK("federation_domains"."policy" in ('block', 'silence'))
);
--> statement-breakpoint
CREATE TABLE `federation_keys` (
	`user_id` integer NOT NULL,
	`algorithm` text NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `algorithm`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `federation_kv` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer
);
--> statement-breakpoint
CREATE INDEX `federation_kv_expires_idx` ON `federation_kv` (`expires_at`);--> statement-breakpoint
CREATE TABLE `federation_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`ordering_key` text,
	`target_host` text,
	`run_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_until` integer,
	`failed_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `federation_queue_due_idx` ON `federation_queue` (`run_at`) WHERE "federation_queue"."failed_at" is null;--> statement-breakpoint
CREATE INDEX `federation_queue_ordering_idx` ON `federation_queue` (`ordering_key`,`id`) WHERE "federation_queue"."ordering_key" is not null;--> statement-breakpoint
CREATE INDEX `federation_queue_host_idx` ON `federation_queue` (`target_host`) WHERE "federation_queue"."claimed_until" is not null;--> statement-breakpoint
CREATE TABLE `remote_actors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uri` text NOT NULL,
	`handle` text NOT NULL,
	`host` text NOT NULL,
	`inbox` text NOT NULL,
	`shared_inbox` text,
	`name` text NOT NULL,
	`icon_url` text,
	`profile_url` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remote_actors_uri_idx` ON `remote_actors` (`uri`);--> statement-breakpoint
CREATE INDEX `remote_actors_handle_idx` ON `remote_actors` (`handle`);--> statement-breakpoint
CREATE INDEX `remote_actors_host_idx` ON `remote_actors` (`host`);--> statement-breakpoint
CREATE TABLE `remote_followers` (
	`user_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`follow_uri` text NOT NULL,
	`accepted` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `actor_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `remote_followers_actor_idx` ON `remote_followers` (`actor_id`);--> statement-breakpoint
CREATE TABLE `remote_following` (
	`user_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`follow_uri` text NOT NULL,
	`accepted` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `actor_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `remote_following_actor_idx` ON `remote_following` (`actor_id`);--> statement-breakpoint
CREATE TABLE `remote_likes` (
	`post_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`activity_uri` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`post_id`, `actor_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `remote_likes_actor_idx` ON `remote_likes` (`actor_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`actor_id` integer,
	`remote_actor_id` integer,
	`kind` text NOT NULL,
	`post_id` integer,
	`comment_id` integer,
	`establishment_id` integer,
	`read_at` integer,
	`email_pending` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`remote_actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_not_self" CHECK("__new_notifications"."user_id" <> "__new_notifications"."actor_id"),
	CONSTRAINT "notifications_one_actor" CHECK(("__new_notifications"."actor_id" is null) <> ("__new_notifications"."remote_actor_id" is null))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "actor_id", "remote_actor_id", "kind", "post_id", "comment_id", "establishment_id", "read_at", "email_pending", "created_at") SELECT "id", "user_id", "actor_id", NULL, "kind", "post_id", "comment_id", "establishment_id", "read_at", "email_pending", "created_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_email_pending_idx` ON `notifications` (`user_id`,`id`) WHERE "notifications"."email_pending" = 1;--> statement-breakpoint
CREATE INDEX `notifications_post_idx` ON `notifications` (`post_id`);--> statement-breakpoint
CREATE INDEX `notifications_comment_idx` ON `notifications` (`comment_id`) WHERE "notifications"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX `notifications_establishment_idx` ON `notifications` (`establishment_id`) WHERE "notifications"."establishment_id" is not null;--> statement-breakpoint
CREATE INDEX `notifications_actor_idx` ON `notifications` (`actor_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_like_unique` ON `notifications` (`user_id`,`actor_id`,`post_id`) WHERE "notifications"."kind" = 'like';--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_follow_unique` ON `notifications` (`user_id`,`actor_id`) WHERE "notifications"."kind" = 'follow';--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_unread_reply_unique` ON `notifications` (`user_id`,`post_id`,`actor_id`) WHERE "notifications"."kind" = 'reply' and "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_remote_actor_idx` ON `notifications` (`remote_actor_id`) WHERE "notifications"."remote_actor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_remote_like_unique` ON `notifications` (`user_id`,`remote_actor_id`,`post_id`) WHERE "notifications"."kind" = 'like' and "notifications"."remote_actor_id" is not null;