CREATE TABLE `remote_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`uri` text NOT NULL,
	`url` text,
	`rating` integer NOT NULL,
	`order_text` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`establishment_id` integer,
	`place_name` text NOT NULL,
	`place_address` text DEFAULT '' NOT NULL,
	`place_url` text,
	`image_sources` text DEFAULT '[]' NOT NULL,
	`image_files` text DEFAULT '[]' NOT NULL,
	`lat` real,
	`lng` real,
	`created_at` integer NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remote_reviews_uri_idx` ON `remote_reviews` (`uri`);--> statement-breakpoint
CREATE INDEX `remote_reviews_actor_recent_idx` ON `remote_reviews` (`actor_id`,`created_at`,`id`);