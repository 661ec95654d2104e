DROP INDEX `notifications_one_unread_reply_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_one_unread_reply_unique` ON `notifications` (`user_id`,`post_id`,`actor_id`) WHERE "notifications"."kind" = 'reply' and "notifications"."read_at" is null;--> statement-breakpoint
DROP INDEX `posts_establishment_drink_idx`;--> statement-breakpoint
CREATE INDEX `posts_establishment_drink_idx` ON `posts` (`establishment_id`,`drink_group`,`user_id`);--> statement-breakpoint
ALTER TABLE `mail_queue` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `moderation_actions` ADD `person_id` integer;--> statement-breakpoint
ALTER TABLE `moderation_actions` ADD `person_username` text;--> statement-breakpoint
-- Mail queued before this migration gets its Message-ID's unique part now; every enqueue writes one from here on.
UPDATE `mail_queue` SET `message_id` = lower(hex(randomblob(16))) WHERE `message_id` IS NULL;--> statement-breakpoint
-- The person of the moderation log's earlier rows, where it can still be told: the owner of the report acted on, or
-- the account an admin suspended or unsuspended by e-mail, with the username they have now; an erased account's row
-- keeps the username its target names.
UPDATE `moderation_actions` SET `person_id` = coalesce(
    (SELECT `owner_id` FROM `reports` WHERE `reports`.`id` = `moderation_actions`.`report_id`),
    (SELECT `id` FROM `users` WHERE `moderation_actions`.`target_kind` = 'user' AND `users`.`email` = `moderation_actions`.`target`))
  WHERE `person_id` IS NULL;--> statement-breakpoint
UPDATE `moderation_actions` SET `person_username` = coalesce(
    (SELECT `username` FROM `users` WHERE `users`.`id` = `moderation_actions`.`person_id`),
    CASE WHEN `action` = 'delete_account' AND instr(`target`, ' <') > 0 THEN substr(`target`, 1, instr(`target`, ' <') - 1) END)
  WHERE `person_username` IS NULL;--> statement-breakpoint
-- A place's drink mix (0008) counts only the reviews of people who are neither deactivated nor suspended, as its
-- review totals do (0007): the same triggers with the wider rule, and hiding or showing a person again recounts the
-- places they reviewed with drink details.
DROP TRIGGER `posts_drink_mix_insert`;--> statement-breakpoint
DROP TRIGGER `posts_drink_mix_delete`;--> statement-breakpoint
DROP TRIGGER `posts_drink_mix_update`;--> statement-breakpoint
CREATE TRIGGER `posts_drink_mix_insert` AFTER INSERT ON `posts` WHEN new.drink_group IS NOT NULL BEGIN
  UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id`
    WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` = new.establishment_id;
END;--> statement-breakpoint
CREATE TRIGGER `posts_drink_mix_delete` AFTER DELETE ON `posts` WHEN old.drink_group IS NOT NULL BEGIN
  UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id`
    WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` = old.establishment_id;
END;--> statement-breakpoint
CREATE TRIGGER `posts_drink_mix_update` AFTER UPDATE OF `drink_group`, `establishment_id` ON `posts`
WHEN old.drink_group IS NOT new.drink_group OR old.establishment_id <> new.establishment_id BEGIN
  UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id`
    WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` IN (old.establishment_id, new.establishment_id);
END;--> statement-breakpoint
CREATE TRIGGER `users_activity_recounts_drink_mix` AFTER UPDATE OF `deactivated_at`, `suspended_at` ON `users`
WHEN (old.deactivated_at IS NULL AND old.suspended_at IS NULL) <> (new.deactivated_at IS NULL AND new.suspended_at IS NULL) BEGIN
  UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id`
    WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` IN (SELECT `establishment_id` FROM `posts` WHERE `user_id` = new.id AND `drink_group` IS NOT NULL);
END;--> statement-breakpoint
-- Mixes of existing rows by the new rule (once).
UPDATE `establishments` SET `drink_mix` = (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE
      (CASE WHEN 3 * sum(p.`drink_group` = 'coffee') >= count(*) THEN 1 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'tea') >= count(*) THEN 2 ELSE 0 END)
    + (CASE WHEN 3 * sum(p.`drink_group` = 'boba') >= count(*) THEN 4 ELSE 0 END) END
    FROM `posts` p JOIN `users` u ON u.`id` = p.`user_id`
    WHERE p.`establishment_id` = `establishments`.`id` AND p.`drink_group` IS NOT NULL AND u.`deactivated_at` IS NULL AND u.`suspended_at` IS NULL)
  WHERE `id` IN (SELECT `establishment_id` FROM `posts` WHERE `drink_group` IS NOT NULL);
