-- Money calls made with an Idempotency-Key keep their answer here, written in the same
-- transaction as the receipt, so a retried call answers the first answer and records nothing.
-- Sums of entered amounts (bill totals and balances, a customer's paid and due) widen to
-- numeric(15,2): entered amounts stay numeric(12,2) and are at most 1,00,00,000.00, so no
-- realistic sum of them overflows. Raising a numeric's precision keeps its scale: no table rewrite.
CREATE TABLE "idempotency_key" (
	"key" text PRIMARY KEY NOT NULL,
	"request_path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer" ALTER COLUMN "paid" SET DATA TYPE numeric(15,2);--> statement-breakpoint
ALTER TABLE "customer" ALTER COLUMN "due" SET DATA TYPE numeric(15,2);--> statement-breakpoint
ALTER TABLE "payment" ALTER COLUMN "total_price" SET DATA TYPE numeric(15,2);--> statement-breakpoint
ALTER TABLE "payment" ALTER COLUMN "previous_due" SET DATA TYPE numeric(15,2);--> statement-breakpoint
ALTER TABLE "payment" ALTER COLUMN "paid" SET DATA TYPE numeric(15,2);--> statement-breakpoint
ALTER TABLE "payment" ALTER COLUMN "due" SET DATA TYPE numeric(15,2);--> statement-breakpoint
CREATE INDEX "idempotency_key_created_at_idx" ON "idempotency_key" USING btree ("created_at");