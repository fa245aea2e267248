-- A receipt taken offline arrives later than it was taken (docs/rules.md section 20): it is dated
-- by when it was taken. Receipts before this migration were taken when they arrived.
ALTER TABLE "receipt" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
UPDATE "receipt" SET "taken_at" = "received_at";--> statement-breakpoint
ALTER TABLE "receipt" ALTER COLUMN "taken_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "receipt" ALTER COLUMN "taken_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "receipt_received_at_idx";--> statement-breakpoint
CREATE INDEX "receipt_taken_at_idx" ON "receipt" USING btree ("taken_at");
