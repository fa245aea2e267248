CREATE TABLE "colony" (
	"colony_code" text PRIMARY KEY NOT NULL,
	"colony_name" text NOT NULL,
	"charges" numeric(12,2) DEFAULT 0 NOT NULL,
	"disable" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "colony_disable_check" CHECK ("colony"."disable" in (0, 1)),
	CONSTRAINT "colony_charges_check" CHECK ("colony"."charges" >= 0)
);
--> statement-breakpoint
CREATE TABLE "combination" (
	"combination_id" serial PRIMARY KEY NOT NULL,
	"combination_days" text NOT NULL,
	"disable" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "combination_days_key" UNIQUE("combination_days"),
	CONSTRAINT "combination_disable_check" CHECK ("combination"."disable" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "consumption" (
	"consumption_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"is_active" smallint DEFAULT 0 NOT NULL,
	"disable" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "consumption_customer_product_key" UNIQUE("customer_id","product_id"),
	CONSTRAINT "consumption_is_active_check" CHECK ("consumption"."is_active" in (0, 1)),
	CONSTRAINT "consumption_disable_check" CHECK ("consumption"."disable" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"customer_name" text NOT NULL,
	"contact_number" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"colony_code" text NOT NULL,
	"route" integer NOT NULL,
	"defaulter" smallint DEFAULT 0 NOT NULL,
	"disable" smallint DEFAULT 0 NOT NULL,
	"opening_balance" numeric(12,2) DEFAULT 0 NOT NULL,
	"paid" numeric(12,2) DEFAULT 0 NOT NULL,
	"due" numeric(12,2) DEFAULT 0 NOT NULL,
	"last_active" date,
	CONSTRAINT "customer_defaulter_check" CHECK ("customer"."defaulter" in (0, 1)),
	CONSTRAINT "customer_disable_check" CHECK ("customer"."disable" in (0, 1)),
	CONSTRAINT "customer_route_check" CHECK ("customer"."route" >= 1)
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_year" integer NOT NULL,
	"payment_month" integer NOT NULL,
	"charges" numeric(12,2) NOT NULL,
	"total_price" numeric(12,2) NOT NULL,
	"previous_due" numeric(12,2) DEFAULT 0 NOT NULL,
	"paid" numeric(12,2) DEFAULT 0 NOT NULL,
	"due" numeric(12,2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customer_period_key" UNIQUE("customer_id","payment_year","payment_month"),
	CONSTRAINT "payment_month_check" CHECK ("payment"."payment_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "payment_line" (
	"payment_line_id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"price" numeric(12,2) NOT NULL,
	"attendance" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt" (
	"receipt_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_year" integer NOT NULL,
	"payment_month" integer NOT NULL,
	"amount" numeric(12,2) NOT NULL,
	"mode" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_mode_check" CHECK ("receipt"."mode" in ('positive', 'negative')),
	CONSTRAINT "receipt_month_check" CHECK ("receipt"."payment_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "product" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"price" numeric(12,2) NOT NULL,
	"available" smallint DEFAULT 0 NOT NULL,
	"combination_id" integer NOT NULL,
	CONSTRAINT "product_code_combination_key" UNIQUE("product_code","combination_id"),
	CONSTRAINT "product_available_check" CHECK ("product"."available" in (0, 1)),
	CONSTRAINT "product_price_check" CHECK ("product"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transaction" (
	"transaction_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"combination_id" integer NOT NULL,
	"price" numeric(12,2) NOT NULL,
	"transaction_date" date NOT NULL,
	"attendance" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_customer_product_date_key" UNIQUE("customer_id","product_id","transaction_date"),
	CONSTRAINT "transaction_attendance_check" CHECK ("transaction"."attendance" in (0, 1)),
	CONSTRAINT "transaction_price_check" CHECK ("transaction"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_role_check" CHECK ("app_user"."role" in ('admin', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consumption" ADD CONSTRAINT "consumption_customer_id_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption" ADD CONSTRAINT "consumption_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_colony_code_colony_colony_code_fk" FOREIGN KEY ("colony_code") REFERENCES "public"."colony"("colony_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_customer_id_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_line" ADD CONSTRAINT "payment_line_payment_id_payment_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("payment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_customer_id_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_combination_id_combination_combination_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."combination"("combination_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_customer_id_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_product_id_product_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_combination_id_combination_combination_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."combination"("combination_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_app_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "colony_code_lower_key" ON "colony" USING btree (lower("colony_code"));--> statement-breakpoint
CREATE INDEX "consumption_product_idx" ON "consumption" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "customer_colony_route_idx" ON "customer" USING btree ("colony_code","route","customer_name");--> statement-breakpoint
CREATE INDEX "payment_period_idx" ON "payment" USING btree ("payment_year","payment_month");--> statement-breakpoint
CREATE INDEX "payment_line_payment_idx" ON "payment_line" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "receipt_customer_period_idx" ON "receipt" USING btree ("customer_id","payment_year","payment_month");--> statement-breakpoint
CREATE INDEX "product_combination_idx" ON "product" USING btree ("combination_id");--> statement-breakpoint
CREATE INDEX "transaction_date_idx" ON "transaction" USING btree ("transaction_date");--> statement-breakpoint
CREATE INDEX "transaction_customer_date_idx" ON "transaction" USING btree ("customer_id","transaction_date");--> statement-breakpoint
CREATE INDEX "transaction_product_idx" ON "transaction" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_lower_key" ON "app_user" USING btree (lower("username"));