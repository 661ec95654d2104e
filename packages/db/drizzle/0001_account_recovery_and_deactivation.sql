ALTER TABLE `users` ADD `temp_password_used_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;