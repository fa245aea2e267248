-- Each day's generation adds a date the statistics have not seen, and it is the date the operator
-- reads next. With a target of 100 a dairy of up to 100 dates keeps every date as a most common
-- value, so the planner took an unseen date for 1 row and read a colony's day through the date
-- index, scanning the whole day's rows once per customer (1 s instead of 2 ms on PostgreSQL, whose
-- autovacuum analyzes only once a tenth of the table changed). With a target of 10 the dates are
-- a histogram, an unseen one counts as an average date, and the (customer, date) index answers.
ALTER TABLE "transaction" ALTER COLUMN "transaction_date" SET STATISTICS 10;
