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
CREATE INDEX `remote_following_actor_idx` ON `remote_following` (`actor_id`);