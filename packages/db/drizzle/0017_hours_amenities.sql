CREATE TABLE `place_hours_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`establishment_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`before` text,
	`after` text,
	`reverts_id` integer,
	`reverted_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `place_hours_changes_place_idx` ON `place_hours_changes` (`establishment_id`,`id`);--> statement-breakpoint
CREATE INDEX `place_hours_changes_user_idx` ON `place_hours_changes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `place_hours_intervals` (
	`establishment_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	PRIMARY KEY(`establishment_id`, `ends_at`),
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `post_amenities` (
	`post_id` integer NOT NULL,
	`amenity` text NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`post_id`, `amenity`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `establishments` ADD `opening_hours` text;--> statement-breakpoint
ALTER TABLE `establishments` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `establishments` ADD `hours_until` integer;--> statement-breakpoint
ALTER TABLE `establishments` ADD `open_from` integer;--> statement-breakpoint
ALTER TABLE `establishments` ADD `open_until` integer;--> statement-breakpoint
ALTER TABLE `establishments` ADD `next_from` integer;--> statement-breakpoint
ALTER TABLE `establishments` ADD `next_until` integer;--> statement-breakpoint
ALTER TABLE `establishments` ADD `amenities_yes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `establishments` ADD `amenities_no` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `establishments_hours_until_idx` ON `establishments` (`hours_until`);--> statement-breakpoint
CREATE INDEX `establishments_open_until_idx` ON `establishments` (`open_until`);--> statement-breakpoint
CREATE INDEX `establishments_open_rank_idx` ON `establishments` (`post_count`,`id`,`lat`,`lng`,`open_from`,`open_until`,`amenities_yes`,`amenities_no`) WHERE "establishments"."open_until" is not null;--> statement-breakpoint
CREATE INDEX `establishments_working_rank_idx` ON `establishments` (`post_count`,`id`,`lat`,`lng`,`open_from`,`open_until`) WHERE (amenities_yes & 3) = 3 and (amenities_no & 4) = 0;