-- Issue 20 item 3 (docs/product/limits.md#photos): each photo's bytes on disk (its three WebPs), which the bounds on
-- staged photos add up per account and in all (src/server/services/images.ts), and a partial index over staged photos
-- only, so those sums read a small index. Rows written before keep 0: they are attached, or cleaned up within 24 h.
ALTER TABLE `listing_images` ADD `stored_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `listing_images_staged_idx` ON `listing_images` (`uploader_id`,`created_at`,`stored_bytes`,`listing_id`,`revision_listing_id`) WHERE "listing_images"."listing_id" is null and "listing_images"."revision_listing_id" is null;