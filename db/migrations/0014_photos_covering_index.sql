-- Issue 11 (docs/decisions/014-cold-search.md): a page of full listings reads its 72 photos from this index alone
-- (services/search/full-listings.ts), instead of one table row per photo.
DROP INDEX `listing_images_listing_idx`;--> statement-breakpoint
CREATE INDEX `listing_images_listing_idx` ON `listing_images` (`listing_id`,`position`,`id`,`url`,`thumb_url`,`medium_url`,`width`,`height`);