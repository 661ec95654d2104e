CREATE TABLE `email_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mail_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`headers` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_until` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_queue_due_idx` ON `mail_queue` (`next_attempt_at`) WHERE "mail_queue"."sent_at" is null;--> statement-breakpoint
CREATE TABLE `mentions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`post_id` integer,
	`comment_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "mentions_one_source" CHECK(("mentions"."post_id" is null) <> ("mentions"."comment_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mentions_post_unique` ON `mentions` (`post_id`,`user_id`) WHERE "mentions"."post_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `mentions_comment_unique` ON `mentions` (`comment_id`,`user_id`) WHERE "mentions"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX `mentions_user_idx` ON `mentions` (`user_id`);--> statement-breakpoint
CREATE TABLE `notification_digests` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`last_sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`kind` text NOT NULL,
	`post_id` integer,
	`comment_id` integer,
	`establishment_id` integer,
	`read_at` integer,
	`email_pending` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_not_self" CHECK("notifications"."user_id" <> "notifications"."actor_id")
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_email_pending_idx` ON `notifications` (`user_id`,`id`) WHERE "notifications"."email_pending" = 1;--> statement-breakpoint
CREATE INDEX `notifications_post_idx` ON `notifications` (`post_id`);--> statement-breakpoint
CREATE INDEX `notifications_comment_idx` ON `notifications` (`comment_id`) WHERE "notifications"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX `notifications_establishment_idx` ON `notifications` (`establishment_id`) WHERE "notifications"."establishment_id" is not null;--> statement-breakpoint
CREATE INDEX `notifications_actor_idx` ON `notifications` (`actor_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_like_unique` ON `notifications` (`user_id`,`actor_id`,`post_id`) WHERE "notifications"."kind" = 'like';--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_follow_unique` ON `notifications` (`user_id`,`actor_id`) WHERE "notifications"."kind" = 'follow';--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_unread_reply_unique` ON `notifications` (`user_id`,`post_id`) WHERE "notifications"."kind" = 'reply' and "notifications"."read_at" is null;