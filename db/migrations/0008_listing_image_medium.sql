-- Each photo gets a medium size (800 px wide WebP) next to its large one and thumbnail (docs/product/limits.md#photo-sizes).
-- Null until made: photos stored before this migration get it from a background backfill after start-up
-- (src/server/services/images.ts backfillMediumImages); the API answers the large URL until then.
ALTER TABLE `listing_images` ADD `medium_url` text;
