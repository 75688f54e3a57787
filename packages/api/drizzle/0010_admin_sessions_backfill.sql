-- A session row for every refresh-token family still live: signed in at its first token, last
-- active at its newest one (tokens are issued at sign-in and at each refresh, and an admin at
-- work refreshes at least every 15 minutes), the address from its sign-in's audit row. The user
-- agent was never kept. A family that already has its row is left alone.
INSERT INTO "admin_sessions" ("id", "admin_id", "ip", "signed_in_at", "last_active_at")
SELECT f."family_id", f."admin_id", a."ip", f."signed_in_at", f."last_active_at"
FROM (
  SELECT "family_id", "admin_id", min("created_at") AS "signed_in_at", max("created_at") AS "last_active_at"
  FROM "refresh_tokens"
  GROUP BY "family_id", "admin_id"
  HAVING bool_or("revoked_at" IS NULL AND "used_at" IS NULL AND "expires_at" > now())
) f
LEFT JOIN (
  SELECT DISTINCT ON ("after"->>'family') "after"->>'family' AS "family", coalesce("ip", "after"->>'ip') AS "ip"
  FROM "audit_log"
  WHERE "action" = 'auth.login.success' AND "after"->>'family' IS NOT NULL
  ORDER BY "after"->>'family', "id"
) a ON a."family" = f."family_id"::text
ON CONFLICT ("id") DO NOTHING;
