-- The API may connect as a role that only reads and writes rows, with INSERT and SELECT alone on
-- audit_log and SELECT alone on audit_chain_head (src/db/roles.ts, docs/security.md, Database
-- roles). The sealing still writes the chain columns and moves the head: its trigger function
-- runs as its owner, the owner of the audit tables (SECURITY DEFINER). It can only seal rows
-- not sealed yet, as before; the guards of audit_chain_triggers still refuse every other change.
-- Its search_path is pinned to the audit tables' schema, pg_temp last, so no object a caller
-- creates (a temporary table named audit_log) stands in for one it uses. Runs again cleanly.
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION "audit_log_seal"() SECURITY DEFINER SET search_path = %I, pg_temp',
    (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = '"audit_log"'::regclass));
END $$;--> statement-breakpoint

-- Sealing by hand (after a bulk load with the triggers off) is the owner's: nobody else may call
-- the sealing functions, which the trigger above calls as the owner.
REVOKE EXECUTE ON FUNCTION "audit_chain_seal"(integer[]), "audit_chain_seal_unsealed"() FROM PUBLIC;
