CREATE TABLE "list_days" (
	"list" text NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_days_list_day_slot_pk" PRIMARY KEY("list","day","slot")
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): rows per UTC day of users, games,
-- marketplace listings and sales (their totals as well as their deep pages) and the gifts on
-- the platform (inventories not withdrawn), one grouped difference per INSERT
-- or DELETE statement (transition tables), days in order; TRUNCATE empties the list's days;
-- each statement adds to its connection's slot. Updates: inventories by statement (a status
-- update moves gifts on or off the list, often many at once: grouped, days in order); the
-- other lists by a row-level trigger only when a row's day changes (their frequent updates of
-- other columns cost nothing, and a creation date is almost never rewritten).
LOCK TABLE "users", "games", "inventories", "marketplace_items", "marketplace_orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "list_days_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "list_days";
  INSERT INTO "list_days" ("list", "day", "slot", "n")
  SELECT 'users', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "users" GROUP BY 2
  UNION ALL
  SELECT 'games', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "games" GROUP BY 2
  UNION ALL
  SELECT 'marketplace_items', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "marketplace_items" GROUP BY 2
  UNION ALL
  SELECT 'marketplace_orders', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "marketplace_orders" GROUP BY 2
  UNION ALL
  SELECT 'inventories', ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "inventories" WHERE "status" <> 'withdrawn' GROUP BY 2;
$$;--> statement-breakpoint
SELECT "list_days_rebuild"();--> statement-breakpoint
CREATE FUNCTION "list_days_add"(l text, d date, d_n bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "list_days" AS s ("list", "day", "slot", "n") VALUES (l, d, pg_backend_pid() % 8, d_n)
  ON CONFLICT ("list", "day", "slot") DO UPDATE SET "n" = s."n" + excluded."n";
$$;--> statement-breakpoint
-- users, games, marketplace listings and sales: every row is on the list.
CREATE FUNCTION "list_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "list_days_add"(TG_TABLE_NAME, g.d, g.n)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM new_rows GROUP BY 1 ORDER BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "list_days_add"(TG_TABLE_NAME, g.d, -g.n)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM old_rows GROUP BY 1 ORDER BY 1) g;
  ELSE
    PERFORM "list_days_add"(TG_TABLE_NAME, v.d, v.n)
    FROM (VALUES ((OLD."created_at" AT TIME ZONE 'UTC')::date, -1), ((NEW."created_at" AT TIME ZONE 'UTC')::date, 1)) AS v (d, n) ORDER BY v.d;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- inventories: only the gifts not withdrawn are on the list.
CREATE FUNCTION "list_days_gifts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "list_days_add"(TG_TABLE_NAME, g.d, g.n)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM new_rows WHERE "status" <> 'withdrawn' GROUP BY 1 ORDER BY 1) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "list_days_add"(TG_TABLE_NAME, g.d, -g.n)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM old_rows WHERE "status" <> 'withdrawn' GROUP BY 1 ORDER BY 1) g;
  ELSE
    PERFORM "list_days_add"(TG_TABLE_NAME, g.d, g.n)
    FROM (SELECT d, sum(n) AS n FROM (
            SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, 1 AS n FROM new_rows WHERE "status" <> 'withdrawn'
            UNION ALL
            SELECT ("created_at" AT TIME ZONE 'UTC')::date, -1 FROM old_rows WHERE "status" <> 'withdrawn') r
          GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1) g;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "list_days_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "list_days" WHERE "list" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_days_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "users_days_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "users_days_update" AFTER UPDATE OF "created_at" ON "users" FOR EACH ROW
  WHEN ((OLD."created_at" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."created_at" AT TIME ZONE 'UTC')::date) EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "users_days_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "list_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "games_days_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "games_days_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "games_days_update" AFTER UPDATE OF "created_at" ON "games" FOR EACH ROW
  WHEN ((OLD."created_at" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."created_at" AT TIME ZONE 'UTC')::date) EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "games_days_truncate" AFTER TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "list_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "marketplace_items_days_insert" AFTER INSERT ON "marketplace_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_items_days_delete" AFTER DELETE ON "marketplace_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_items_days_update" AFTER UPDATE OF "created_at" ON "marketplace_items" FOR EACH ROW
  WHEN ((OLD."created_at" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."created_at" AT TIME ZONE 'UTC')::date) EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_items_days_truncate" AFTER TRUNCATE ON "marketplace_items" FOR EACH STATEMENT EXECUTE FUNCTION "list_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_days_insert" AFTER INSERT ON "marketplace_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_days_delete" AFTER DELETE ON "marketplace_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_days_update" AFTER UPDATE OF "created_at" ON "marketplace_orders" FOR EACH ROW
  WHEN ((OLD."created_at" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."created_at" AT TIME ZONE 'UTC')::date) EXECUTE FUNCTION "list_days_changed"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_days_truncate" AFTER TRUNCATE ON "marketplace_orders" FOR EACH STATEMENT EXECUTE FUNCTION "list_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "inventories_days_insert" AFTER INSERT ON "inventories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_gifts_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_days_delete" AFTER DELETE ON "inventories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_gifts_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_days_update" AFTER UPDATE ON "inventories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_days_gifts_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_days_truncate" AFTER TRUNCATE ON "inventories" FOR EACH STATEMENT EXECUTE FUNCTION "list_days_truncated"();
