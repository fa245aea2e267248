-- The kept transaction counts also keep, on each colony, date and product row, the rows marked
-- absent and the quantity delivered (attendance 1), so the owner's dashboard sums a month's dates
-- per colony instead of its deliveries, and Today a date's colonies instead of its deliveries
-- (docs/performance.md). Kept by the same statement triggers: an attendance or quantity change
-- now writes its difference too.
ALTER TABLE "derived"."transaction_count" ADD COLUMN "absent" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "derived"."transaction_count" ADD COLUMN "delivered" numeric(12,2) NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE "derived"."transaction_count" c SET "absent" = d."absent", "delivered" = d."delivered"
FROM (
	SELECT cu."colony_code", t."transaction_date", t."product_id",
		count(*) FILTER (WHERE t."attendance" = 0) AS "absent",
		coalesce(sum(t."quantity") FILTER (WHERE t."attendance" = 1), 0) AS "delivered"
	FROM "transaction" t JOIN "customer" cu ON cu."customer_id" = t."customer_id"
	GROUP BY 1, 2, 3
) d
WHERE c."colony_code" = d."colony_code" AND c."transaction_date" = d."transaction_date" AND c."product_id" = d."product_id";
--> statement-breakpoint
-- One statement's rows at once (its transition tables): each row inserted or as it is now adds
-- itself (1 row, 1 absent or its quantity delivered), each row deleted or as it was takes itself
-- away, summed per colony, date and product row. An update that changes none of them (a price)
-- writes nothing. Keys are written in order, so two writers of the same counts wait for each other
-- rather than deadlock.
CREATE OR REPLACE FUNCTION "derived"."count_transactions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	now_rows text := 'select customer_id, transaction_date, product_id, 1 as n,
		case when attendance = 0 then 1 else 0 end as absent,
		case when attendance = 1 then quantity else 0 end as delivered from new_rows';
	was_rows text := 'select customer_id, transaction_date, product_id, -1 as n,
		case when attendance = 0 then -1 else 0 end as absent,
		case when attendance = 1 then -quantity else 0 end as delivered from old_rows';
	changed text := CASE TG_OP
		WHEN 'INSERT' THEN now_rows
		WHEN 'DELETE' THEN was_rows
		ELSE now_rows || ' union all ' || was_rows
	END;
BEGIN
	EXECUTE format($sql$
		insert into derived.transaction_count as c (colony_code, transaction_date, product_id, rows, absent, delivered)
		select cu.colony_code, d.transaction_date, d.product_id, sum(d.n), sum(d.absent), sum(d.delivered)
		from (%s) d join public.customer cu on cu.customer_id = d.customer_id
		group by 1, 2, 3 having sum(d.n) <> 0 or sum(d.absent) <> 0 or sum(d.delivered) <> 0
		order by 1, 2, 3
		on conflict (colony_code, transaction_date, product_id) do update
		set rows = c.rows + excluded.rows, absent = c.absent + excluded.absent, delivered = c.delivered + excluded.delivered
	$sql$, changed);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A customer who moves colony takes their transactions' counts and sums along.
CREATE OR REPLACE FUNCTION "derived"."move_transaction_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO derived.transaction_count AS c (colony_code, transaction_date, product_id, rows, absent, delivered)
	SELECT m.colony_code, t.transaction_date, t.product_id, sum(m.n),
		sum(m.n * CASE WHEN t.attendance = 0 THEN 1 ELSE 0 END),
		sum(m.n * CASE WHEN t.attendance = 1 THEN t.quantity ELSE 0 END)
	FROM public."transaction" t CROSS JOIN (VALUES (OLD.colony_code, -1), (NEW.colony_code, 1)) m(colony_code, n)
	WHERE t.customer_id = NEW.customer_id
	GROUP BY 1, 2, 3
	ORDER BY 1, 2, 3
	ON CONFLICT (colony_code, transaction_date, product_id) DO UPDATE
	SET rows = c.rows + excluded.rows, absent = c.absent + excluded.absent, delivered = c.delivered + excluded.delivered;
	RETURN NULL;
END $$;
