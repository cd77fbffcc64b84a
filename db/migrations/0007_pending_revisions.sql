-- An owner's edit of an approved listing waits for review while the approved version stays public
-- (docs/decisions/007-pending-revisions.md). The listings row (and with it the search index) keeps the public values;
-- the edit's reviewed fields wait here, and photos added in the edit point at it instead of at the listing.
CREATE TABLE `listing_revisions` (
	`listing_id` integer PRIMARY KEY NOT NULL,
	`fields` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`rejection_reason` text,
	`submitted_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_revisions_status_idx` ON `listing_revisions` (`status`,`submitted_at`);--> statement-breakpoint
-- drizzle-kit writes this ADD without the schema's ON DELETE cascade; SQLite accepts the full clause on an added
-- column whose default is NULL, so no rebuild of listing_images is needed.
ALTER TABLE `listing_images` ADD `revision_listing_id` integer REFERENCES `listing_revisions`(`listing_id`) ON UPDATE no action ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `listing_images_revision_idx` ON `listing_images` (`revision_listing_id`,`position`);
