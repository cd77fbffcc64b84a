ALTER TABLE `listings` ADD `municipality_number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `county` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Area filter by county (issue 11, docs/decisions/015-county-area.md). A listing's county is looked up from its address
-- (src/server/services/county-lookup.ts) and searched as part of its place: the text index's place column holds the
-- place and the county ('Bergen Vestland'), so "Vestland" in the area filter, or in free text, finds it.
-- An address that changes is looked up again.
CREATE TRIGGER `listings_county_reset_au` AFTER UPDATE OF `address` ON `listings`
  WHEN new.`address` IS NOT old.`address` BEGIN
  UPDATE `listings` SET `municipality_number` = '', `county` = '' WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- As 0004_search_id_order.sql wrote it, but for the place column.
DROP TRIGGER `listings_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `listings_search_ai` AFTER INSERT ON `listings` BEGIN
  INSERT INTO `listings_fts` (rowid, make, model, color, description, equipment, place, address)
    SELECT new.`id`, new.`make`, new.`model`, new.`color`, new.`description`, new.`equipment`,
           trim(new.`place` || ' ' || new.`county`),
           CASE WHEN new.`hide_address` THEN '' ELSE new.`address` END
    WHERE new.`status` = 'approved' AND new.`active` = 1;
  UPDATE `listings_search_state`
    SET `version` = `version` + 1,
        `visible` = `visible` + (new.`status` = 'approved' AND new.`active` = 1),
        `id_ordered` = `id_ordered` AND new.`created_at` >= `max_created`,
        `max_created` = max(`max_created`, new.`created_at`)
    WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `listings_search_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `listings_search_fts_au` AFTER UPDATE OF
  `id`, `make`, `model`, `color`, `description`, `equipment`, `place`, `county`, `address`, `hide_address`, `status`, `active`
  ON `listings` BEGIN
  DELETE FROM `listings_fts` WHERE rowid = old.`id`;
  INSERT INTO `listings_fts` (rowid, make, model, color, description, equipment, place, address)
    SELECT new.`id`, new.`make`, new.`model`, new.`color`, new.`description`, new.`equipment`,
           trim(new.`place` || ' ' || new.`county`),
           CASE WHEN new.`hide_address` THEN '' ELSE new.`address` END
    WHERE new.`status` = 'approved' AND new.`active` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `listings_search_changes_au`;
--> statement-breakpoint
CREATE TRIGGER `listings_search_changes_au` AFTER UPDATE OF
  `id`, `status`, `active`, `make`, `model`, `color`, `fuel_type`, `transmission`, `drivetrain`, `body_type`,
  `total_price`, `year`, `mileage`, `created_at`, `place`, `county`, `address`, `hide_address`, `description`, `equipment`
  ON `listings` BEGIN
  INSERT INTO `listings_search_changes` (`listing_id`) VALUES (old.`id`);
  INSERT INTO `listings_search_changes` (`listing_id`) SELECT new.`id` WHERE new.`id` <> old.`id`;
END;
--> statement-breakpoint
-- The listings that still need a look-up: visible ones first (the filler reads them in id order).
CREATE INDEX `listings_county_todo_idx` ON `listings` (`id`) WHERE `municipality_number` = '';
