-- An audit row keeps its summary's phrase (docs/rules.md section 21), so the Audit Trail shows it
-- in the reader's language. Rows written before keep their English summary only.
ALTER TABLE "audit_log" ADD COLUMN "phrase" jsonb;
