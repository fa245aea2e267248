-- The business's own details printed on bills (docs/rules.md section 14): at most one row (id 1),
-- written by the first save; until then every field reads as ''. No row is made here, so a new
-- database stays empty for a restore. Lengths are checked here too.
CREATE TABLE "business_settings" (
	"settings_id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"upi_id" text DEFAULT '' NOT NULL,
	"upi_name" text DEFAULT '' NOT NULL,
	"bill_note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_settings_one_row_check" CHECK ("business_settings"."settings_id" = 1),
	CONSTRAINT "business_settings_length_check" CHECK (char_length("business_settings"."business_name") <= 100
		and char_length("business_settings"."address") <= 300 and char_length("business_settings"."phone") <= 20
		and char_length("business_settings"."upi_id") <= 100 and char_length("business_settings"."upi_name") <= 100
		and char_length("business_settings"."bill_note") <= 300)
);
