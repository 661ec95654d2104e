ALTER TABLE `users` ADD `recovery_password_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `recovery_expires_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;