CREATE TABLE `federation_instance_keys` (
	`algorithm` text PRIMARY KEY NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `remote_actor_blocks` (
	`user_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `actor_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `remote_actor_blocks_actor_idx` ON `remote_actor_blocks` (`actor_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer,
	`owner_id` integer,
	`remote_actor_id` integer,
	`from_host` text,
	`flag_uri` text,
	`kind` text NOT NULL,
	`target_key` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`snapshot` text NOT NULL,
	`action` text,
	`closed_at` integer,
	`forwarded` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`remote_actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reports_one_reporter" CHECK(("__new_reports"."reporter_id" is null) <> ("__new_reports"."from_host" is null)),
	CONSTRAINT "reports_one_owner" CHECK(("__new_reports"."owner_id" is null) <> ("__new_reports"."remote_actor_id" is null))
);
--> statement-breakpoint
INSERT INTO `__new_reports`("id", "reporter_id", "owner_id", "remote_actor_id", "from_host", "flag_uri", "kind", "target_key", "reason", "note", "snapshot", "action", "closed_at", "forwarded", "created_at") SELECT "id", "reporter_id", "owner_id", NULL, NULL, NULL, "kind", "target_key", "reason", "note", "snapshot", "action", "closed_at", false, "created_at" FROM `reports`;--> statement-breakpoint
DROP TABLE `reports`;--> statement-breakpoint
ALTER TABLE `__new_reports` RENAME TO `reports`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_one_open_unique` ON `reports` (`reporter_id`,`kind`,`target_key`) WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_flag_unique` ON `reports` (`flag_uri`) WHERE "reports"."flag_uri" is not null;--> statement-breakpoint
CREATE INDEX `reports_remote_actor_idx` ON `reports` (`remote_actor_id`) WHERE "reports"."remote_actor_id" is not null;--> statement-breakpoint
CREATE INDEX `reports_open_idx` ON `reports` (`kind`,`target_key`) WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX `reports_created_idx` ON `reports` (`closed_at`,`id`);--> statement-breakpoint
CREATE INDEX `reports_owner_idx` ON `reports` (`owner_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);