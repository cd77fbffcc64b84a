CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
-- Issue 24: e-mail addresses become unique ignoring case. An address several accounts share stays with the oldest of
-- them; each other one gets it tagged with its id ('kari+duplikat-7@example.no'), which loses no account, keeps the
-- original readable, and lets the owner set a new one on /profil (docs/decisions/021-mail-and-account-recovery.md).
UPDATE `users` SET `email` = CASE WHEN instr(`email`, '@') > 0
  THEN substr(`email`, 1, instr(`email`, '@') - 1) || '+duplikat-' || `id` || substr(`email`, instr(`email`, '@'))
  ELSE `email` || '+duplikat-' || `id` END
WHERE EXISTS (SELECT 1 FROM `users` `o` WHERE lower(`o`.`email`) = lower(`users`.`email`) AND `o`.`id` < `users`.`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_uq` ON `users` (lower("email"));