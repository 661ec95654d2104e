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
ALTER TABLE `establishments` ADD `drink_mix` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_kind` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_group` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_temperature` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_milk` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_sweetness` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `drink_toppings` text;--> statement-breakpoint
CREATE INDEX `posts_establishment_drink_idx` ON `posts` (`establishment_id`,`drink_group`);--> statement-breakpoint
-- The map's Coffee, Tea and Boba filters (issue 19): a place counts as a kind when at least a third of its reviews with
-- drink details are of it. Recounted from posts_establishment_drink_idx (index only) whenever a review with details
-- comes, goes, or changes its drink or place.
CREATE TRIGGER `posts_drink_mix_insert` AFTER INSERT ON `posts` WHEN new.drink_group IS NOT NULL BEGIN
  UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL) WHERE `id` = new.establishment_id;
END;--> statement-breakpoint
CREATE TRIGGER `posts_drink_mix_delete` AFTER DELETE ON `posts` WHEN old.drink_group IS NOT NULL BEGIN
  UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL) WHERE `id` = old.establishment_id;
END;--> statement-breakpoint
CREATE TRIGGER `posts_drink_mix_update` AFTER UPDATE OF `drink_group`, `establishment_id` ON `posts`
WHEN old.drink_group IS NOT new.drink_group OR old.establishment_id <> new.establishment_id BEGIN
  UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL) WHERE `id` IN (old.establishment_id, new.establishment_id);
END;
