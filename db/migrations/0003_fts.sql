-- Public search (issue 4, docs/decisions/004-listing-search.md).
--
-- listings_fts: free text over what a buyer reads on a listing, plus the place and the shown address for the location
-- filter. It holds the visible listings only (approved and active), so a text search counts its matches without
-- touching the listings table. Contentless with contentless_delete=1: nothing is stored twice, and a row leaves the
-- index by rowid alone, so no trigger has to reproduce the values it once indexed. unicode61 with
-- remove_diacritics 0 keeps æ, ø and å distinct letters ('blå' is not 'bla'); prefix indexes of 2 and 3 characters
-- keep short prefix queries ('vo'*) fast. detail=column: column filters work, positions are not stored (the search
-- never runs phrase queries).
CREATE VIRTUAL TABLE `listings_fts` USING fts5(
  make, model, color, description, equipment, place, address,
  content='', contentless_delete=1, detail=column, prefix='2 3',
  tokenize='unicode61 remove_diacritics 0'
);
--> statement-breakpoint
-- One row: a version bumped by every write to listings (the search caches counts per version) and the number of
-- visible listings (the unfiltered total, the most common request, without counting).
CREATE TABLE `listings_search_state` (
  `id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
  `version` integer NOT NULL,
  `visible` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `listings_search_state` (`id`, `version`, `visible`)
  SELECT 1, 1, count(*) FROM `listings` WHERE `status` = 'approved' AND `active` = 1;
--> statement-breakpoint
INSERT INTO `listings_fts` (rowid, make, model, color, description, equipment, place, address)
  SELECT `id`, `make`, `model`, `color`, `description`, `equipment`, `place`,
         CASE WHEN `hide_address` THEN '' ELSE `address` END
  FROM `listings` WHERE `status` = 'approved' AND `active` = 1;
--> statement-breakpoint
-- Triggers keep both in step with every writer (seller service, admin, seed, tests, a manual UPDATE).
-- A hidden address is never indexed, so the location filter cannot be used to probe it.
CREATE TRIGGER `listings_search_ai` AFTER INSERT ON `listings` BEGIN
  INSERT INTO `listings_fts` (rowid, make, model, color, description, equipment, place, address)
    SELECT new.`id`, new.`make`, new.`model`, new.`color`, new.`description`, new.`equipment`, new.`place`,
           CASE WHEN new.`hide_address` THEN '' ELSE new.`address` END
    WHERE new.`status` = 'approved' AND new.`active` = 1;
  UPDATE `listings_search_state`
    SET `version` = `version` + 1, `visible` = `visible` + (new.`status` = 'approved' AND new.`active` = 1)
    WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `listings_search_ad` AFTER DELETE ON `listings` BEGIN
  DELETE FROM `listings_fts` WHERE rowid = old.`id`;
  UPDATE `listings_search_state`
    SET `version` = `version` + 1, `visible` = `visible` - (old.`status` = 'approved' AND old.`active` = 1)
    WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `listings_search_fts_au` AFTER UPDATE OF
  `id`, `make`, `model`, `color`, `description`, `equipment`, `place`, `address`, `hide_address`, `status`, `active`
  ON `listings` BEGIN
  DELETE FROM `listings_fts` WHERE rowid = old.`id`;
  INSERT INTO `listings_fts` (rowid, make, model, color, description, equipment, place, address)
    SELECT new.`id`, new.`make`, new.`model`, new.`color`, new.`description`, new.`equipment`, new.`place`,
           CASE WHEN new.`hide_address` THEN '' ELSE new.`address` END
    WHERE new.`status` = 'approved' AND new.`active` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `listings_search_state_au` AFTER UPDATE ON `listings` BEGIN
  UPDATE `listings_search_state`
    SET `version` = `version` + 1,
        `visible` = `visible` + (new.`status` = 'approved' AND new.`active` = 1) - (old.`status` = 'approved' AND old.`active` = 1)
    WHERE `id` = 1;
END;
