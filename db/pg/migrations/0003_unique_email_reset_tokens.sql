CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
-- Issue 24: the duplicates' addresses tagged with their ids, the oldest account keeping the address (as on SQLite,
-- db/migrations/0017; docs/decisions/021-mail-and-account-recovery.md).
UPDATE "users" SET "email" = CASE WHEN position('@' in "email") > 0
  THEN left("email", position('@' in "email") - 1) || '+duplikat-' || "id" || substr("email", position('@' in "email"))
  ELSE "email" || '+duplikat-' || "id" END
WHERE EXISTS (SELECT 1 FROM "users" "o" WHERE lower("o"."email") = lower("users"."email") AND "o"."id" < "users"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));