DROP INDEX "users_is_premium_idx";--> statement-breakpoint
CREATE INDEX "users_premium_created_at_id_idx" ON "users" USING btree ("is_premium","created_at","telegram_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): the premium players per UTC day,
-- list 'users_premium' of list_days (the regular players' days are the users' days minus
-- these), so the list filtered by type has an exact total and deep pages entered at a day's
-- edge (packages/api/README.md, "A new list"). Inserts and deletes by statement; an update by
-- row only when the premium flag or the creation day of a premium player changes.
LOCK TABLE "users" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "list_days_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "list_days";
  INSERT INTO "list_days" ("list", "day", "slot", "n")
  SELECT 'users', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "users" GROUP BY 2
  UNION ALL
  SELECT 'users_premium', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "users" WHERE "is_premium" GROUP BY 2
  UNION ALL
  SELECT 'games', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "games" GROUP BY 2
  UNION ALL
  SELECT 'marketplace_items', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "marketplace_items" GROUP BY 2
  UNION ALL
  SELECT 'marketplace_orders', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "marketplace_orders" GROUP BY 2
  UNION ALL
  SELECT 'inventories', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "inventories" WHERE "status" <> 'withdrawn' GROUP BY 2;
$$;--> statement-breakpoint
INSERT INTO "list_days" ("list", "day", "slot", "n")
  SELECT 'users_premium', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "users" WHERE "is_premium" GROUP BY 2;--> statement-breakpoint
CREATE FUNCTION "list_days_premium_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "list_days_add"('users_premium', g.d, g.n)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM new_rows WHERE "is_premium" GROUP BY 1 ORDER BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "list_days_add"('users_premium', g.d, -g.n)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM old_rows WHERE "is_premium" GROUP BY 1 ORDER BY 1) g;
  ELSE
    PERFORM "list_days_add"('users_premium', v.d, v.n)
    FROM (VALUES ((OLD."created_at" AT TIME ZONE 'UTC')::date, CASE WHEN OLD."is_premium" THEN -1 ELSE 0 END),
                 ((NEW."created_at" AT TIME ZONE 'UTC')::date, CASE WHEN NEW."is_premium" THEN 1 ELSE 0 END)) AS v (d, n)
    WHERE v.n <> 0 ORDER BY v.d;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "list_days_premium_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "list_days" WHERE "list" = 'users_premium';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_premium_days_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_premium_changed"();--> statement-breakpoint
CREATE TRIGGER "users_premium_days_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_premium_changed"();--> statement-breakpoint
CREATE TRIGGER "users_premium_days_update" AFTER UPDATE OF "is_premium", "created_at" ON "users" FOR EACH ROW
  WHEN ((OLD."is_premium" OR NEW."is_premium") AND (OLD."is_premium" IS DISTINCT FROM NEW."is_premium"
    OR (OLD."created_at" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."created_at" AT TIME ZONE 'UTC')::date)) EXECUTE FUNCTION "list_days_premium_changed"();--> statement-breakpoint
CREATE TRIGGER "users_premium_days_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "list_days_premium_truncated"();
