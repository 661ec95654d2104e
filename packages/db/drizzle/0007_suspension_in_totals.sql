-- Review totals count only the reviews of people who are neither deactivated nor suspended, as the place page shows
-- them (0003 counted deactivation only; 0005 added suspension without the totals). Same triggers, the wider rule,
-- and suspending or unsuspending recounts the places the person reviewed as (re)activating does.
DROP TRIGGER `posts_counters_insert`;--> statement-breakpoint
DROP TRIGGER `posts_counters_delete`;--> statement-breakpoint
DROP TRIGGER `posts_counters_update`;--> statement-breakpoint
DROP TRIGGER `users_activity_recounts_places`;--> statement-breakpoint
CREATE TRIGGER `posts_counters_insert` AFTER INSERT ON `posts`
WHEN NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = new.user_id AND (`deactivated_at` IS NOT NULL OR `suspended_at` IS NOT NULL)) BEGIN
  UPDATE `establishments` SET `post_count` = `post_count` + 1, `rating_sum` = `rating_sum` + new.rating,
    `last_post_at` = max(coalesce(`last_post_at`, new.created_at), new.created_at)
  WHERE `id` = new.establishment_id;
END;--> statement-breakpoint
-- Recounted rather than decremented: the author may be deactivated or suspended, or already gone (a cascade from users).
CREATE TRIGGER `posts_counters_delete` AFTER DELETE ON `posts` BEGIN
  UPDATE `establishments` SET
    `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` = old.establishment_id;
END;--> statement-breakpoint
CREATE TRIGGER `posts_counters_update` AFTER UPDATE OF `establishment_id`, `rating`, `created_at`, `user_id` ON `posts` BEGIN
  UPDATE `establishments` SET
    `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` IN (old.establishment_id, new.establishment_id);
END;--> statement-breakpoint
-- Deactivating, reactivating, suspending or unsuspending (whoever writes it) recounts the places the person reviewed,
-- in the same statement, whenever it changes whether they count.
CREATE TRIGGER `users_activity_recounts_places` AFTER UPDATE OF `deactivated_at`, `suspended_at` ON `users`
WHEN (old.deactivated_at IS NULL AND old.suspended_at IS NULL) <> (new.deactivated_at IS NULL AND new.suspended_at IS NULL) BEGIN
  UPDATE `establishments` SET
    `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` IN (SELECT `establishment_id` FROM `posts` WHERE `user_id` = new.id);
END;--> statement-breakpoint
-- Totals of existing rows by the new rule (once).
UPDATE `establishments` SET
    `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL),
    `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` IN (SELECT `establishment_id` FROM `posts`);
