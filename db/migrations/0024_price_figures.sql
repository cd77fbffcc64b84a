-- The price rating's figures, kept with its code so a listing's page reads no market (docs/decisions/025-buyer-trust.md).
-- An upgraded database gets them from `npm run prices:rate` (docs/operations.md).
ALTER TABLE `listings` ADD `price_comparables` integer;--> statement-breakpoint
ALTER TABLE `listings` ADD `price_median` integer;--> statement-breakpoint
ALTER TABLE `listings` ADD `price_low` integer;--> statement-breakpoint
ALTER TABLE `listings` ADD `price_high` integer;