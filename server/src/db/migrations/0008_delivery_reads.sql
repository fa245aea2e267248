-- Made after 0005-0007 were in use (hence its number): a database that already has those applies it too.
-- A customer's deliveries by date (docs/rules.md section 17): billing a colony's month, a colony's
-- transactions counted per date, a customer's latest delivery. The columns billing groups and sums
-- (product row, price, attendance, quantity) follow (customer, date) in the index, so those reads come from
-- the index alone, and the planner reaches one colony's month through its customers (a few pages
-- each) rather than through the date index across every colony's month.
DROP INDEX "transaction_customer_date_idx";
--> statement-breakpoint
CREATE INDEX "transaction_customer_date_idx" ON "transaction" USING btree ("customer_id","transaction_date","product_id","price","attendance","quantity");
--> statement-breakpoint
-- Today's Collected: the receipts taken on one date.
CREATE INDEX "receipt_received_at_idx" ON "receipt" USING btree ("received_at");
