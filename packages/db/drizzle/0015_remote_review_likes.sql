CREATE TABLE `remote_review_likes` (
	`user_id` integer NOT NULL,
	`remote_review_id` integer NOT NULL,
	`activity_uri` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `remote_review_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`remote_review_id`) REFERENCES `remote_reviews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `remote_review_likes_review_idx` ON `remote_review_likes` (`remote_review_id`);