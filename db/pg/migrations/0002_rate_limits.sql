-- What the instances on one database share to count requests (src/server/limits): the per-address budgets, in
-- rate-limiter-flexible's RateLimiterPostgres layout (created here, not by the library at run time, so no limiter
-- runs before its table exists), and the per-account login throttle. Kept in a schema of their own: they are the
-- instances' bookkeeping, not the app's data (db/pg/schema-shape.test.ts compares the `public` schema with SQLite).
-- UNLOGGED: written on every limited call, and a crash that forgets some counts costs nothing worth the WAL.
CREATE SCHEMA "cluster";
--> statement-breakpoint
CREATE UNLOGGED TABLE "cluster"."rate_limits" (
  "key" varchar(255) PRIMARY KEY,
  "points" integer NOT NULL DEFAULT 0,
  "expire" bigint
);
--> statement-breakpoint
-- Times in epoch milliseconds of the app's clock (tests move it).
CREATE UNLOGGED TABLE "cluster"."login_throttle" (
  "key" text PRIMARY KEY,
  "failures" integer NOT NULL,
  "locked_until" bigint NOT NULL,
  "forget_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_throttle_forget_at" ON "cluster"."login_throttle" ("forget_at");
