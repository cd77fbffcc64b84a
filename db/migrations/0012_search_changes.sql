-- Public search (issue 11, docs/decisions/014-cold-search.md "The column index"): which listings changed, in order.
--
-- The search keeps the visible listings' filter and sort columns in memory (src/server/services/search/column-index.ts)
-- and, when the listings version moves, re-reads only the listings logged here since it last looked, instead of
-- rebuilding. Written by triggers, so every writer (seller service, admin, seed, tests, a manual UPDATE) is seen; the
-- search prunes old entries, and a reader that finds its place pruned rebuilds from the table.
CREATE TABLE `listings_search_changes` (
  `seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `listing_id` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `listings_search_changes_ai` AFTER INSERT ON `listings` BEGIN
  INSERT INTO `listings_search_changes` (`listing_id`) VALUES (new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_search_changes_ad` AFTER DELETE ON `listings` BEGIN
  INSERT INTO `listings_search_changes` (`listing_id`) VALUES (old.`id`);
END;
--> statement-breakpoint
-- Only what a filter, a sort or visibility reads: a new cover photo or updated_at changes nothing the index holds.
CREATE TRIGGER `listings_search_changes_au` AFTER UPDATE OF
  `id`, `status`, `active`, `make`, `model`, `color`, `fuel_type`, `transmission`, `drivetrain`, `body_type`,
  `total_price`, `year`, `mileage`, `created_at`, `place`, `address`, `hide_address`, `description`, `equipment`
  ON `listings` BEGIN
  INSERT INTO `listings_search_changes` (`listing_id`) VALUES (old.`id`);
  INSERT INTO `listings_search_changes` (`listing_id`) SELECT new.`id` WHERE new.`id` <> old.`id`;
END;
