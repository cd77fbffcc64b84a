-- Issue 24, the market half (docs/decisions/022-market-alerts.md): 'Marker som solgt' (listings.sold_at; a sold
-- listing is also inactive, so the search triggers need no change), the price a listing had when it was saved (for
-- 'Prisen er satt ned'), saved searches (with their 'Meld av' token) and the one-alert-per-listing-and-search table.
CREATE TABLE `saved_search_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`saved_search_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`saved_search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_search_alerts_search_listing_uq` ON `saved_search_alerts` (`saved_search_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `saved_search_alerts_listing_idx` ON `saved_search_alerts` (`listing_id`);--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`params` text NOT NULL,
	`email` integer DEFAULT false NOT NULL,
	`seen_alert_id` integer DEFAULT 0 NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_unsubscribe_token_uq` ON `saved_searches` (`unsubscribe_token`);--> statement-breakpoint
ALTER TABLE `listings` ADD `sold_at` integer;--> statement-breakpoint
ALTER TABLE `saved_listings` ADD `saved_total_price` integer;--> statement-breakpoint
-- Rows saved before this compare with the price of today.
UPDATE `saved_listings` SET `saved_total_price` = (SELECT `total_price` FROM `listings` WHERE `listings`.`id` = `saved_listings`.`listing_id`);
