-- Quantities and delivery changes (docs/rules.md section 12). Existing data comes over unchanged:
-- every product code's unit is 'L', every consumption and transaction delivers 1, and a bill
-- line's quantity is its delivered days and its amount price × days (what section 6 billed).
-- Quantities are numeric(7,2): more than 0 and at most 999.99; a bill line sums them in (9,2).
ALTER TABLE "product" ADD COLUMN "unit" text DEFAULT 'L' NOT NULL;
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_unit_check" CHECK (char_length("product"."unit") between 1 and 10);
--> statement-breakpoint
ALTER TABLE "consumption" ADD COLUMN "quantity" numeric(7,2) DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "consumption" ADD CONSTRAINT "consumption_quantity_check"
  CHECK ("consumption"."quantity" > 0 and "consumption"."quantity" <= 999.99);
--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "quantity" numeric(7,2) DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_quantity_check"
  CHECK ("transaction"."quantity" > 0 and "transaction"."quantity" <= 999.99);
--> statement-breakpoint
ALTER TABLE "payment_line" ADD COLUMN "quantity" numeric(9,2);
--> statement-breakpoint
ALTER TABLE "payment_line" ADD COLUMN "amount" numeric(15,2);
--> statement-breakpoint
UPDATE "payment_line" SET "quantity" = "attendance", "amount" = "price" * "attendance";
--> statement-breakpoint
CREATE TABLE "delivery_change" (
	"change_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"consumption_id" integer,
	"kind" text NOT NULL,
	"quantity" numeric(7,2),
	"from_date" date NOT NULL,
	"to_date" date,
	"reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_change_kind_check" CHECK ("delivery_change"."kind" in ('pause', 'quantity')),
	CONSTRAINT "delivery_change_shape_check" CHECK (("delivery_change"."kind" = 'pause' and "delivery_change"."quantity" is null)
        or ("delivery_change"."kind" = 'quantity' and "delivery_change"."quantity" is not null and "delivery_change"."to_date" is not null
            and "delivery_change"."consumption_id" is not null)),
	CONSTRAINT "delivery_change_quantity_check" CHECK ("delivery_change"."quantity" > 0 and "delivery_change"."quantity" <= 999.99),
	CONSTRAINT "delivery_change_dates_check" CHECK ("delivery_change"."to_date" >= "delivery_change"."from_date"),
	CONSTRAINT "delivery_change_reason_check" CHECK (char_length("delivery_change"."reason") <= 200)
);
--> statement-breakpoint
ALTER TABLE "delivery_change" ADD CONSTRAINT "delivery_change_customer_id_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("customer_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_change" ADD CONSTRAINT "delivery_change_consumption_id_consumption_consumption_id_fk" FOREIGN KEY ("consumption_id") REFERENCES "public"."consumption"("consumption_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_change" ADD CONSTRAINT "delivery_change_created_by_app_user_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "delivery_change_customer_dates_idx" ON "delivery_change" USING btree ("customer_id","from_date","to_date");
--> statement-breakpoint
CREATE INDEX "delivery_change_consumption_idx" ON "delivery_change" USING btree ("consumption_id");
