-- Records that screens update carry a version that grows with every change (docs/rules.md section
-- 18), so a save made from an older copy is refused rather than undoing someone else's change.
-- A trigger bumps it, so no path that changes a record can forget to. A customer's derived
-- fields (paid, due, last_active: rewritten by generation and billing) are not a change a person
-- made, so they leave the version alone.
CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE "colony" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "combination" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "consumption" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "colony_version" BEFORE UPDATE ON "colony" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER "combination_version" BEFORE UPDATE ON "combination" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER "product_version" BEFORE UPDATE ON "product" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER "customer_version" BEFORE UPDATE ON "customer" FOR EACH ROW
  WHEN ((OLD.customer_name, OLD.contact_number, OLD.address, OLD.colony_code, OLD.route, OLD.defaulter,
         OLD.disable, OLD.opening_balance)
        IS DISTINCT FROM
        (NEW.customer_name, NEW.contact_number, NEW.address, NEW.colony_code, NEW.route, NEW.defaulter,
         NEW.disable, NEW.opening_balance))
  EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER "consumption_version" BEFORE UPDATE ON "consumption" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER "transaction_version" BEFORE UPDATE ON "transaction" FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_version();
