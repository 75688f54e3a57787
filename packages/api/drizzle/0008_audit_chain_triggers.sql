-- The audit log is append-only and hash-chained (docs/audit.md, docs/decisions/0007).
-- Hand-written: drizzle-kit does not model functions and triggers.

-- Runs again cleanly: the triggers come off while the functions are replaced and the rows
-- outside the chain are sealed, and go back on at the end.
DROP TRIGGER IF EXISTS "audit_log_seal" ON "audit_log";--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_append_only_row" ON "audit_log";--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_append_only_statement" ON "audit_log";--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_chain_head_guard_row" ON "audit_chain_head";--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_chain_head_guard_statement" ON "audit_chain_head";--> statement-breakpoint

-- The one definition of a row's hash, used by the sealing and by the verification alike.
-- The content is a JSON array of every column but the hash itself: integers as digits, text
-- JSON-escaped, before/after in jsonb's canonical text (keys sorted), the time as microseconds
-- since the epoch, so no session setting (TimeZone, DateStyle) changes it. json_build_array
-- writes the same text as jsonb_build_array would, in a third of the time (the verification
-- hashes every row). A NULL prev_hash gives a NULL hash, which never verifies.
CREATE OR REPLACE FUNCTION "audit_chain_hash"(r "audit_log") RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(r.prev_hash || json_build_array(
    r.chain_seq, r.id, r.admin_id, r.admin_username, r.action, r.entity, r.entity_id, r.user_telegram_id,
    r.before, r.after, r.ip, r.user_agent, r.reason, (extract(epoch FROM r.created_at) * 1000000)::bigint
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint

INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (true, 0, repeat('0', 64)) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint

-- Seals the given rows, in the order given, after the head: each gets the next position, the
-- hash before it as prev_hash, and its own hash; then the head moves to the last. The head's
-- row lock is held until the transaction ends, so sealing transactions follow one another in
-- commit order. The head is read and written once per call, not once per row: a row updated
-- many times in one transaction leaves a version per update that every later read walks.
CREATE OR REPLACE FUNCTION "audit_chain_seal"(row_ids integer[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  head "audit_chain_head";
  r "audit_log";
  row_id integer;
BEGIN
  SELECT * INTO STRICT head FROM "audit_chain_head" FOR UPDATE;
  FOREACH row_id IN ARRAY row_ids LOOP
    SELECT * INTO STRICT r FROM "audit_log" WHERE "id" = row_id;
    IF r.hash IS NOT NULL THEN
      RAISE EXCEPTION 'audit_log row % is already sealed', row_id;
    END IF;
    r.chain_seq := head.seq + 1;
    r.prev_hash := head.hash;
    r.hash := "audit_chain_hash"(r);
    UPDATE "audit_log" SET "chain_seq" = r.chain_seq, "prev_hash" = r.prev_hash, "hash" = r.hash WHERE "id" = row_id;
    head.seq := r.chain_seq;
    head.hash := r.hash;
    head.last_id := r.id;
    head.last_at := r.created_at;
  END LOOP;
  UPDATE "audit_chain_head" SET "seq" = head.seq, "hash" = head.hash, "last_id" = head.last_id, "last_at" = head.last_at;
  RETURN coalesce(cardinality(row_ids), 0);
END $$;--> statement-breakpoint

-- Seals every row outside the chain, in id order; returns how many. The migration seals the rows
-- written before the chain existed with it. Afterwards the guards below refuse it unless they are
-- off (a superuser's `SET session_replication_role = replica`, e.g. after a bulk load).
CREATE OR REPLACE FUNCTION "audit_chain_seal_unsealed"() RETURNS bigint
LANGUAGE sql AS $$
  SELECT "audit_chain_seal"(ARRAY(SELECT "id" FROM "audit_log" WHERE "chain_seq" IS NULL ORDER BY "id"))
$$;--> statement-breakpoint

SELECT "audit_chain_seal_unsealed"();--> statement-breakpoint

-- Sealing at commit: a deferred constraint trigger fires when the writing transaction commits,
-- after all its statements, so the head is locked for the commit alone (no lock taken in the
-- middle of a transaction, hence no deadlock with the rows it locks). Its first event seals
-- every row the transaction wrote (xmin is the transaction's id; a row written under a
-- savepoint has another and is sealed by its own event), in id order, which is the order they
-- were written; the later events find their row sealed. One head update per transaction keeps
-- a transaction of many audit rows linear.
CREATE OR REPLACE FUNCTION "audit_log_seal"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT "hash" FROM "audit_log" WHERE "id" = NEW."id") IS NULL THEN
    PERFORM "audit_chain_seal"(ARRAY(
      SELECT "id" FROM "audit_log"
      WHERE "chain_seq" IS NULL AND ("xmin" = pg_current_xact_id()::xid OR "id" = NEW."id")
      ORDER BY "id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_seal" AFTER INSERT ON "audit_log" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "audit_log_seal"();--> statement-breakpoint

-- Append-only, for every client: a new row comes without chain columns, no row is updated or
-- deleted, the table is never truncated. The one update let through is the sealing's: it runs
-- inside the sealing trigger (trigger depth 2, while a client's own statement is depth 1), on a
-- row not sealed yet, and changes nothing but the chain columns.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."chain_seq" IS NOT NULL OR NEW."prev_hash" IS NOT NULL OR NEW."hash" IS NOT NULL THEN
      RAISE EXCEPTION 'audit_log: chain_seq, prev_hash and hash are set when the row''s transaction commits, not by its writer'
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND OLD."hash" IS NULL AND NEW."hash" IS NOT NULL
     AND to_jsonb(NEW) - 'chain_seq' - 'prev_hash' - 'hash' = to_jsonb(OLD) - 'chain_seq' - 'prev_hash' - 'hash' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Audit rows are never changed or removed; the hash chain would show it.';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only_row" BEFORE INSERT OR UPDATE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only_statement" BEFORE DELETE OR TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint

-- The head moves only by the sealing (trigger depth 2); it is never removed.
CREATE OR REPLACE FUNCTION "audit_chain_head_guard"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chain_head moves only when audit rows are sealed: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_guard_row" BEFORE UPDATE ON "audit_chain_head"
  FOR EACH ROW EXECUTE FUNCTION "audit_chain_head_guard"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_guard_statement" BEFORE INSERT OR DELETE OR TRUNCATE ON "audit_chain_head"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_chain_head_guard"();
