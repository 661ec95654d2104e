DROP INDEX `establishments_lat_lng_idx`;--> statement-breakpoint
-- Custom SQL below (not expressible in drizzle-kit).
-- Slugs come from one rule, contracts' slugify (it folds diacritics, which SQL cannot): every insert gives one.
-- Rows slugged by 0002's SQL keep their slugs (links to them stay valid).
DROP TRIGGER `establishments_slug_default`;--> statement-breakpoint
CREATE TRIGGER `establishments_slug_required` BEFORE INSERT ON `establishments` WHEN new.slug IS NULL BEGIN
  SELECT RAISE(ABORT, 'establishments.slug is required: insert through insertEstablishment or pass slugify(name, city)');
END;--> statement-breakpoint
CREATE TRIGGER `establishments_slug_kept` BEFORE UPDATE OF `slug` ON `establishments` WHEN new.slug IS NULL BEGIN
  SELECT RAISE(ABORT, 'establishments.slug cannot be cleared');
END;--> statement-breakpoint
-- Review totals (post_count, rating_sum, last_post_at) count only active people's reviews, as the place page does:
-- a deactivated person's reviews are out of sight until they sign in again.
DROP TRIGGER `posts_counters_insert`;--> statement-breakpoint
DROP TRIGGER `posts_counters_delete`;--> statement-breakpoint
DROP TRIGGER `posts_counters_update`;--> statement-breakpoint
CREATE TRIGGER `posts_counters_insert` AFTER INSERT ON `posts`
WHEN (SELECT `deactivated_at` FROM `users` WHERE `id` = new.user_id) IS NULL BEGIN
  UPDATE `establishments` SET `post_count` = `post_count` + 1, `rating_sum` = `rating_sum` + new.rating,
    `last_post_at` = max(coalesce(`last_post_at`, new.created_at), new.created_at)
  WHERE `id` = new.establishment_id;
END;--> statement-breakpoint
-- Recounted rather than decremented: the author may be deactivated, or already gone (a cascade from users).
CREATE TRIGGER `posts_counters_delete` AFTER DELETE ON `posts` BEGIN
  UPDATE `establishments` SET
    `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
    `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
    `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL)
  WHERE `id` = old.establishment_id;
END;--> statement-breakpoint
CREATE TRIGGER `posts_counters_update` AFTER UPDATE OF `establishment_id`, `rating`, `created_at`, `user_id` ON `posts` BEGIN
  UPDATE `establishments` SET
    `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
    `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
    `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL)
  WHERE `id` IN (old.establishment_id, new.establishment_id);
END;--> statement-breakpoint
-- Deactivating or reactivating (whoever writes it) recounts the places the person reviewed, in the same statement.
CREATE TRIGGER `users_activity_recounts_places` AFTER UPDATE OF `deactivated_at` ON `users`
WHEN (old.deactivated_at IS NULL) <> (new.deactivated_at IS NULL) BEGIN
  UPDATE `establishments` SET
    `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
    `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
    `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL)
  WHERE `id` IN (SELECT `establishment_id` FROM `posts` WHERE `user_id` = new.id);
END;--> statement-breakpoint
-- Totals of existing rows by the new rule (once).
UPDATE `establishments` SET
  `post_count` = (SELECT count(*) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
  `rating_sum` = (SELECT coalesce(sum(p.`rating`), 0) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL),
  `last_post_at` = (SELECT max(p.`created_at`) FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`establishment_id` = `establishments`.`id` AND u.`deactivated_at` IS NULL)
WHERE `id` IN (SELECT `establishment_id` FROM `posts`);
