-- The language each member of staff reads the screens in (docs/rules.md section 21).
ALTER TABLE "app_user" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_language_check" CHECK ("app_user"."language" in ('en', 'hi', 'gu'));
