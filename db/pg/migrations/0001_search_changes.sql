-- The search's version row and change log, as db/migrations/0012 and 0016 keep them on SQLite, written by triggers so
-- that every writer is seen. Several instances read the log (src/server/services/search/engine.ts), so an entry's
-- seq must never become visible after a larger one: each trigger takes the next version by updating the one version
-- row, whose lock it holds until its transaction commits. Writers of listings are serialised on that row and commit
-- in seq order, where a sequence could hand out 7 to a transaction that commits after the one given 8.
INSERT INTO "listings_search_state" ("id", "version", "visible") VALUES (1, 0, 0);
--> statement-breakpoint
CREATE FUNCTION "listings_search_log"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_visible integer := 0;
  is_visible integer := 0;
  v integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN was_visible := (OLD."status" = 'approved' AND OLD."active")::integer; END IF;
  IF TG_OP <> 'DELETE' THEN is_visible := (NEW."status" = 'approved' AND NEW."active")::integer; END IF;
  UPDATE "listings_search_state" SET "version" = "version" + 1, "visible" = "visible" + is_visible - was_visible
    WHERE "id" = 1 RETURNING "version" INTO v;
  -- Only what a filter, a sort or visibility reads enters the log (SQLite's listings_search_changes_au names the same
  -- columns); the version moves on every write, as SQLite's listings_search_state_au does.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "listings_search_changes" ("seq", "listing_id") VALUES (v, NEW."id");
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "listings_search_changes" ("seq", "listing_id") VALUES (v, OLD."id");
  ELSIF (OLD."status", OLD."active", OLD."make", OLD."model", OLD."color", OLD."fuel_type", OLD."transmission",
         OLD."drivetrain", OLD."body_type", OLD."total_price", OLD."year", OLD."mileage", OLD."created_at", OLD."place",
         OLD."county", OLD."address", OLD."hide_address", OLD."description", OLD."equipment")
        IS DISTINCT FROM
        (NEW."status", NEW."active", NEW."make", NEW."model", NEW."color", NEW."fuel_type", NEW."transmission",
         NEW."drivetrain", NEW."body_type", NEW."total_price", NEW."year", NEW."mileage", NEW."created_at", NEW."place",
         NEW."county", NEW."address", NEW."hide_address", NEW."description", NEW."equipment") THEN
    INSERT INTO "listings_search_changes" ("seq", "listing_id") VALUES (v, NEW."id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_search_log_aiud" AFTER INSERT OR UPDATE OR DELETE ON "listings"
  FOR EACH ROW EXECUTE FUNCTION "listings_search_log"();
--> statement-breakpoint
-- As SQLite's listings_county_reset_au: an address that changes is looked up again (docs/decisions/015-county-area.md).
CREATE FUNCTION "listings_county_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."address" IS DISTINCT FROM OLD."address" THEN
    NEW."municipality_number" := '';
    NEW."county" := '';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_county_reset_bu" BEFORE UPDATE OF "address" ON "listings"
  FOR EACH ROW EXECUTE FUNCTION "listings_county_reset"();
