-- Public search (issue 4, docs/decisions/004-listing-search.md): "newest first" from the text index alone.
--
-- Listings get ids in the order they are created, so newest-first is highest-id-first, which FTS5 reads straight from
-- its own index (ORDER BY rowid DESC, stopping after the page) instead of collecting every match and sorting. That holds
-- only while no listing was inserted with an older created_at than one before it, or had its created_at changed
-- (a seed that backdates, say). id_ordered records whether it still holds; once broken it stays 0 and the search uses
-- the general plan. max_created is the newest created_at seen.
ALTER TABLE `listings_search_state` ADD `id_ordered` integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE `listings_search_state` ADD `max_created` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE `listings_search_state` SET
  `id_ordered` = NOT EXISTS (
    SELECT 1 FROM (SELECT `created_at` < lag(`created_at`) OVER (ORDER BY `id`) AS `older` FROM `listings`) WHERE `older`
  ),
  `max_created` = coalesce((SELECT max(`created_at`) FROM `listings`), 0)
WHERE `id` = 1;
--> statement-breakpoint
DROP TRIGGER `listings_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `listings_search_ai` AFTER INSERT ON `listings` BEGIN
  INSERT INTO `listings_fts` (rowid, make, model, color, description, equipment, place, address)
    SELECT new.`id`, new.`make`, new.`model`, new.`color`, new.`description`, new.`equipment`, new.`place`,
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
CREATE TRIGGER `listings_search_created_au` AFTER UPDATE OF `id`, `created_at` ON `listings`
  WHEN new.`created_at` IS NOT old.`created_at` OR new.`id` IS NOT old.`id` BEGIN
  UPDATE `listings_search_state` SET `id_ordered` = 0, `max_created` = max(`max_created`, new.`created_at`) WHERE `id` = 1;
END;
