CREATE TABLE `want_to_try` (
	`user_id` integer NOT NULL,
	`establishment_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `establishment_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `want_to_try_user_recent_idx` ON `want_to_try` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `want_to_try_establishment_idx` ON `want_to_try` (`establishment_id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_kind` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_temperature` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_milk` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_sweetness` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_toppings` text;--> statement-breakpoint
CREATE INDEX `posts_establishment_drink_idx` ON `posts` (`establishment_id`,`drink_kind`);