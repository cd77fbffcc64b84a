-- One search engine (issue 21, docs/decisions/014-cold-search.md): every search, facet and count is answered by the
-- in-memory column index (src/server/services/search/column-index.ts), kept in step by the change log of 0012. What
-- only SQLite's search plans read goes, since every write to listings still paid for it: the ten partial indexes
-- over the visible rows that the plans named with INDEXED BY (0002, 0009, 0010, 0011), the FTS5 text index and its
-- triggers (0003, 0013), and the "ids follow creation time" flag the text index's newest-first plan read (0004).
-- Kept: listings_search_state (the version the search's caches and the index follow, and the count of visible
-- listings), the change log and its triggers, and listings_visible_created_idx (saved listings, public profiles).
DROP INDEX `listings_search_newest_idx`;--> statement-breakpoint
DROP INDEX `listings_search_price_idx`;--> statement-breakpoint
DROP INDEX `listings_search_year_idx`;--> statement-breakpoint
DROP INDEX `listings_search_mileage_idx`;--> statement-breakpoint
DROP INDEX `listings_search_make_idx`;--> statement-breakpoint
DROP INDEX `listings_search_model_idx`;--> statement-breakpoint
DROP INDEX `listings_search_color_idx`;--> statement-breakpoint
DROP INDEX `listings_search_fuel_idx`;--> statement-breakpoint
DROP INDEX `listings_search_body_idx`;--> statement-breakpoint
DROP INDEX `listings_search_id_idx`;--> statement-breakpoint
DROP TRIGGER `listings_search_fts_au`;
--> statement-breakpoint
DROP TRIGGER `listings_search_created_au`;
--> statement-breakpoint
-- As 0013_county_area.sql wrote them, without the text index and the id order.
DROP TRIGGER `listings_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `listings_search_ai` AFTER INSERT ON `listings` BEGIN
  UPDATE `listings_search_state`
    SET `version` = `version` + 1, `visible` = `visible` + (new.`status` = 'approved' AND new.`active` = 1)
    WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `listings_search_ad`;
--> statement-breakpoint
CREATE TRIGGER `listings_search_ad` AFTER DELETE ON `listings` BEGIN
  UPDATE `listings_search_state`
    SET `version` = `version` + 1, `visible` = `visible` - (old.`status` = 'approved' AND old.`active` = 1)
    WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TABLE `listings_fts`;
--> statement-breakpoint
ALTER TABLE `listings_search_state` DROP COLUMN `id_ordered`;
--> statement-breakpoint
ALTER TABLE `listings_search_state` DROP COLUMN `max_created`;
