-- The customer's own page (docs/rules.md section 19). One live link per customer: its token (32
-- random bytes, base64url) is the only credential of the page, so it is unique and looked up by
-- itself. A change made through the link has no staff author: `created_by` is null for exactly
-- those, and the office's Today counts the recent ones through a small index of them alone. The
-- cut-off for changes is a setting of the business; a customer's language is section 21's.
CREATE TABLE "customer_link" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "customer_link_token_key" UNIQUE("token"),
	CONSTRAINT "customer_link_token_check" CHECK ("customer_link"."token" ~ '^[A-Za-z0-9_-]{43}$')
);
--> statement-breakpoint
ALTER TABLE "customer_link" ADD CONSTRAINT "customer_link_customer_id_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("customer_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_link" ADD CONSTRAINT "customer_link_created_by_app_user_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_change" ALTER COLUMN "created_by" DROP NOT NULL;
--> statement-breakpoint
CREATE INDEX "delivery_change_by_customer_idx" ON "delivery_change" USING btree ("created_at") WHERE "delivery_change"."created_by" is null;
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "cutoff_time" text DEFAULT '20:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_cutoff_time_check" CHECK ("business_settings"."cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_language_check" CHECK ("customer"."language" in ('en', 'hi', 'gu'));
