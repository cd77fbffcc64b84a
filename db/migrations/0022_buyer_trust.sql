CREATE TABLE `listing_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`total_price` integer NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_prices_listing_idx` ON `listing_prices` (`listing_id`,`at`,`id`);--> statement-breakpoint
CREATE TABLE `listing_registry_facts` (
	`listing_id` integer PRIMARY KEY NOT NULL,
	`registration_number` text NOT NULL,
	`make` text DEFAULT '' NOT NULL,
	`year` integer,
	`fuel_type` text DEFAULT '' NOT NULL,
	`power` integer,
	`vin_number` text DEFAULT '' NOT NULL,
	`next_inspection` text DEFAULT '' NOT NULL,
	`checked_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `listing_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`resolved_at` integer,
	`resolution` text,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_reports_listing_reporter_uq` ON `listing_reports` (`listing_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `listing_reports_open_idx` ON `listing_reports` (`resolved_at`,`listing_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `listings` ADD `first_total_price` integer;--> statement-breakpoint
ALTER TABLE `listings` ADD `price_rating` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `report_hidden_at` integer;--> statement-breakpoint
-- Price history starts at a listing's first publication; for listings published before it was kept, that is today's
-- price at the time they were created (docs/decisions/025-buyer-trust.md).
UPDATE `listings` SET `first_total_price` = `total_price` WHERE `status` = 'approved';--> statement-breakpoint
INSERT INTO `listing_prices` (`listing_id`, `total_price`, `at`) SELECT `id`, `total_price`, `created_at` FROM `listings` WHERE `status` = 'approved';
