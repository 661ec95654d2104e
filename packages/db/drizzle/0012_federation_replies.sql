CREATE TABLE `remote_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`uri` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remote_comments_uri_idx` ON `remote_comments` (`uri`);--> statement-breakpoint
CREATE INDEX `remote_comments_post_idx` ON `remote_comments` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `remote_comments_actor_idx` ON `remote_comments` (`actor_id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `remote_comment_id` integer REFERENCES remote_comments(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `notifications_remote_comment_idx` ON `notifications` (`remote_comment_id`) WHERE "notifications"."remote_comment_id" is not null;--> statement-breakpoint
ALTER TABLE `remote_actors` ADD `avatar_file` text;--> statement-breakpoint
ALTER TABLE `remote_actors` ADD `avatar_source` text;--> statement-breakpoint
ALTER TABLE `users` ADD `approve_followers` integer DEFAULT false NOT NULL;