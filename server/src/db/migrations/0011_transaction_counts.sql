-- How many transactions each colony holds on each date, per product row. All Transactions reads
-- its total and the dates a page spans from here, so a colony's month costs its 31 dates instead
-- of its 30,000 rows, however long the history. It is derived data, in its own schema: triggers
-- keep it as transactions are inserted, changed or deleted and as customers move colony; backups
-- hold the public schema only, and a restore rebuilds the counts as the transactions load.
-- A count that falls to 0 stays as a row of 0 (readers keep dates with rows only).
CREATE SCHEMA "derived";
--> statement-breakpoint
CREATE TABLE "derived"."transaction_count" (
	"colony_code" text NOT NULL,
	"transaction_date" date NOT NULL,
	"product_id" integer NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "transaction_count_pkey" PRIMARY KEY ("colony_code", "transaction_date", "product_id")
);
--> statement-breakpoint
CREATE INDEX "transaction_count_date_idx" ON "derived"."transaction_count" ("transaction_date");
--> statement-breakpoint
INSERT INTO "derived"."transaction_count" ("colony_code", "transaction_date", "product_id", "rows")
SELECT cu."colony_code", t."transaction_date", t."product_id", count(*)::int
FROM "transaction" t JOIN "customer" cu ON cu."customer_id" = t."customer_id"
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- One statement's rows at once (its transition tables): +1 for each row inserted or as it is
-- now, -1 for each row deleted or as it was, summed per colony, date and product row. An update
-- that moves no row between those (attendance, quantity, price) writes nothing. Keys are written
-- in order, so two writers of the same counts wait for each other rather than deadlock.
CREATE FUNCTION "derived"."count_transactions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed text := CASE TG_OP
		WHEN 'INSERT' THEN 'select customer_id, transaction_date, product_id, 1 as n from new_rows'
		WHEN 'DELETE' THEN 'select customer_id, transaction_date, product_id, -1 as n from old_rows'
		ELSE 'select customer_id, transaction_date, product_id, 1 as n from new_rows
			union all select customer_id, transaction_date, product_id, -1 as n from old_rows'
	END;
BEGIN
	EXECUTE format($sql$
		insert into derived.transaction_count as c (colony_code, transaction_date, product_id, rows)
		select cu.colony_code, d.transaction_date, d.product_id, sum(d.n)
		from (%s) d join public.customer cu on cu.customer_id = d.customer_id
		group by 1, 2, 3 having sum(d.n) <> 0
		order by 1, 2, 3
		on conflict (colony_code, transaction_date, product_id) do update set rows = c.rows + excluded.rows
	$sql$, changed);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "transaction_count_insert" AFTER INSERT ON "transaction"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_transactions"();
--> statement-breakpoint
CREATE TRIGGER "transaction_count_update" AFTER UPDATE ON "transaction"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_transactions"();
--> statement-breakpoint
CREATE TRIGGER "transaction_count_delete" AFTER DELETE ON "transaction"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "derived"."count_transactions"();
--> statement-breakpoint
-- A customer who moves colony takes their transactions' counts along.
CREATE FUNCTION "derived"."move_transaction_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO derived.transaction_count AS c (colony_code, transaction_date, product_id, rows)
	SELECT m.colony_code, t.transaction_date, t.product_id, sum(m.n)
	FROM public."transaction" t CROSS JOIN (VALUES (OLD.colony_code, -1), (NEW.colony_code, 1)) m(colony_code, n)
	WHERE t.customer_id = NEW.customer_id
	GROUP BY 1, 2, 3
	ORDER BY 1, 2, 3
	ON CONFLICT (colony_code, transaction_date, product_id) DO UPDATE SET rows = c.rows + excluded.rows;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customer_moves_transaction_counts" AFTER UPDATE OF "colony_code" ON "customer"
	FOR EACH ROW WHEN (OLD."colony_code" IS DISTINCT FROM NEW."colony_code")
	EXECUTE FUNCTION "derived"."move_transaction_counts"();
