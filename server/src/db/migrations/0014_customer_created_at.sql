-- When each customer was added: the dashboard's ageing counts an owing customer who never paid and
-- was never billed from that day (docs/rules.md section 22). Customers added before this migration
-- take the earliest trace they left: their audit row, first transaction, first bill or first receipt
-- (dates as their midnight in UTC).
ALTER TABLE "customer" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "customer" c SET "created_at" = least(
	c."created_at",
	(SELECT min(a."at") FROM "audit_log" a
		WHERE a."entity" = 'customer' AND a."action" = 'customer.add' AND a."entity_id" = c."customer_id"::text),
	(SELECT min(t."transaction_date")::timestamp AT TIME ZONE 'UTC' FROM "transaction" t WHERE t."customer_id" = c."customer_id"),
	(SELECT min(make_date(p."payment_year", p."payment_month", 1))::timestamp AT TIME ZONE 'UTC' FROM "payment" p
		WHERE p."customer_id" = c."customer_id"),
	(SELECT min(r."received_at") FROM "receipt" r WHERE r."customer_id" = c."customer_id")
);
