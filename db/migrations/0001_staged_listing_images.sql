PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_listing_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer,
	`uploader_id` integer,
	`position` integer NOT NULL,
	`storage_key` text NOT NULL,
	`url` text NOT NULL,
	`thumb_url` text NOT NULL,
	`width` integer DEFAULT 0 NOT NULL,
	`height` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_listing_images`("id", "listing_id", "uploader_id", "position", "storage_key", "url", "thumb_url", "width", "height", "created_at") SELECT "id", "listing_id", NULL, "position", "storage_key", "url", "thumb_url", "width", "height", "created_at" FROM `listing_images`;--> statement-breakpoint
DROP TABLE `listing_images`;--> statement-breakpoint
ALTER TABLE `__new_listing_images` RENAME TO `listing_images`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `listing_images_listing_idx` ON `listing_images` (`listing_id`,`position`);--> statement-breakpoint
CREATE INDEX `listing_images_uploader_idx` ON `listing_images` (`uploader_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_images_storage_key_uq` ON `listing_images` (`storage_key`);