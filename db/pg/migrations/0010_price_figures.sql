-- The price rating's figures, kept with its code so a listing's page reads no market (docs/decisions/025-buyer-trust.md).
-- An upgraded database gets them from `npm run prices:rate` (docs/operations.md).
ALTER TABLE "listings" ADD COLUMN "price_comparables" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_median" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_low" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_high" integer;