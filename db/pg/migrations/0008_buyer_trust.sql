CREATE TABLE "listing_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"total_price" integer NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_registry_facts" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"registration_number" text NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"year" integer,
	"fuel_type" text DEFAULT '' NOT NULL,
	"power" integer,
	"vin_number" text DEFAULT '' NOT NULL,
	"next_inspection" text DEFAULT '' NOT NULL,
	"checked_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "first_total_price" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_rating" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "report_hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "listing_prices" ADD CONSTRAINT "listing_prices_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_registry_facts" ADD CONSTRAINT "listing_registry_facts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_prices_listing_idx" ON "listing_prices" USING btree ("listing_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_listing_reporter_uq" ON "listing_reports" USING btree ("listing_id","reporter_id");--> statement-breakpoint
CREATE INDEX "listing_reports_open_idx" ON "listing_reports" USING btree ("resolved_at","listing_id","created_at");--> statement-breakpoint
-- Price history starts at a listing's first publication; for listings published before it was kept, that is today's
-- price at the time they were created (docs/decisions/025-buyer-trust.md).
UPDATE "listings" SET "first_total_price" = "total_price" WHERE "status" = 'approved';--> statement-breakpoint
INSERT INTO "listing_prices" ("listing_id", "total_price", "at") SELECT "id", "total_price", "created_at" FROM "listings" WHERE "status" = 'approved';
