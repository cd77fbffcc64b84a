-- Each photo gets a medium size (800 px wide WebP) next to its large one and thumbnail (docs/decisions/013-photo-sizes.md).
-- Null until made: photos stored before this migration get it from a background backfill after start-up
-- (src/server/services/images.ts backfillMediumImages); the API answers the large URL until then.
ALTER TABLE `listing_images` ADD `medium_url` text;
