-- The lowest total price a price drop has told each saver of (docs/product/notifications.md): a later drop is told
-- only below it. Null until the first drop is told; existing rows start there.
ALTER TABLE `saved_listings` ADD `announced_total_price` integer;
