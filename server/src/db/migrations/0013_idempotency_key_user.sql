-- Idempotency keys belong to the user who sent them (docs/rules.md section 24): another user's
-- same key is a new call, never that user's answer. A key is the pair (user, key). The keys kept
-- so far name no user; they only replay answers of the last 7 days, so they go.
DELETE FROM "idempotency_key";
--> statement-breakpoint
ALTER TABLE "idempotency_key" DROP CONSTRAINT "idempotency_key_pkey";
--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD COLUMN "user_id" integer NOT NULL REFERENCES "app_user"("user_id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("user_id", "key");
