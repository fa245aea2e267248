-- A customer's last active date is read from their deliveries (the (customer, date) index finds
-- the latest delivered row at once) instead of being stored: generation no longer rewrites every
-- delivered customer's row each day, and the date cannot drift from the rows it comes from.
ALTER TABLE "customer" DROP COLUMN "last_active";
