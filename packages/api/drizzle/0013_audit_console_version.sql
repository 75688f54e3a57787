-- Each audit row keeps the console builds the admin ran (the request's X-Console-Version).
-- Hand-edited: drizzle-kit writes the column, not the function. Runs again cleanly.
ALTER TABLE "audit_log" ADD COLUMN IF NOT EXISTS "console_version" text;--> statement-breakpoint

-- The hash covers the new column, and a row without it hashes exactly as before: its content
-- is the same array as ever, so every row sealed before this migration still verifies and no
-- row is re-hashed. A row with a console version gets it as one more element at the end, so
-- adding, changing or removing it changes the hash. The rest is as in audit_chain_triggers
-- (docs/audit.md): integers as digits, text JSON-escaped, jsonb canonical text, the time in
-- epoch microseconds, so no session setting changes a hash.
CREATE OR REPLACE FUNCTION "audit_chain_hash"(r "audit_log") RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(r.prev_hash || (CASE WHEN r.console_version IS NULL THEN json_build_array(
    r.chain_seq, r.id, r.admin_id, r.admin_username, r.action, r.entity, r.entity_id, r.user_telegram_id,
    r.before, r.after, r.ip, r.user_agent, r.reason, (extract(epoch FROM r.created_at) * 1000000)::bigint
  ) ELSE json_build_array(
    r.chain_seq, r.id, r.admin_id, r.admin_username, r.action, r.entity, r.entity_id, r.user_telegram_id,
    r.before, r.after, r.ip, r.user_agent, r.reason, (extract(epoch FROM r.created_at) * 1000000)::bigint,
    r.console_version
  ) END)::text, 'UTF8')), 'hex')
$$;
