CREATE TABLE `remote_review_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`remote_review_id` integer NOT NULL,
	`note_uri` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`remote_review_id`) REFERENCES `remote_reviews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remote_review_replies_note_idx` ON `remote_review_replies` (`note_uri`);--> statement-breakpoint
CREATE INDEX `remote_review_replies_review_idx` ON `remote_review_replies` (`remote_review_id`,`user_id`);