-- Staff, roles and the audit trail (docs/rules.md section 15). Existing users keep their role (the
-- first administrator is an admin), so every sign-in works as before; a collector works only in
-- the colonies linked to them. Every call that changes data writes one audit_log row in its own
-- database transaction; receipts name the user who took them (null for older receipts).
ALTER TABLE "app_user" DROP CONSTRAINT "app_user_role_check";
--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_role_check" CHECK ("app_user"."role" in ('admin', 'operator', 'collector'));
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_colony" (
	"user_id" integer NOT NULL,
	"colony_code" text NOT NULL,
	CONSTRAINT "user_colony_pkey" PRIMARY KEY("user_id","colony_code")
);
--> statement-breakpoint
ALTER TABLE "user_colony" ADD CONSTRAINT "user_colony_user_id_app_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("user_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_colony" ADD CONSTRAINT "user_colony_colony_code_colony_colony_code_fk" FOREIGN KEY ("colony_code") REFERENCES "public"."colony"("colony_code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_colony_colony_idx" ON "user_colony" USING btree ("colony_code");
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_app_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","audit_id");
--> statement-breakpoint
CREATE INDEX "audit_log_user_at_idx" ON "audit_log" USING btree ("user_id","at");
--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","entity_id","at");
--> statement-breakpoint
ALTER TABLE "receipt" ADD COLUMN "received_by" integer;
--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_received_by_app_user_user_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."app_user"("user_id") ON DELETE no action ON UPDATE no action;
