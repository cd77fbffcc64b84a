-- Issue 24, the market half (docs/decisions/022-market-alerts.md): 'Marker som solgt' (listings.sold_at; a sold
-- listing is also inactive, so the search triggers need no change), the price a listing had when it was saved (for
-- 'Prisen er satt ned'), saved searches (with their 'Meld av' token) and the one-alert-per-listing-and-search table.
CREATE TABLE "saved_search_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_search_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"saved_search_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"seen_alert_id" integer DEFAULT 0 NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "sold_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "saved_listings" ADD COLUMN "saved_total_price" integer;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_alerts_search_listing_uq" ON "saved_search_alerts" USING btree ("saved_search_id","listing_id");--> statement-breakpoint
CREATE INDEX "saved_search_alerts_listing_idx" ON "saved_search_alerts" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_unsubscribe_token_uq" ON "saved_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
-- Rows saved before this compare with the price of today.
UPDATE "saved_listings" s SET "saved_total_price" = l."total_price" FROM "listings" l WHERE l."id" = s."listing_id";
