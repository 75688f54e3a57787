CREATE TABLE "country_counts" (
	"country_name" text NOT NULL,
	"country_flag" text NOT NULL,
	"players" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "country_counts_country_name_country_flag_pk" PRIMARY KEY("country_name","country_flag")
);
--> statement-breakpoint
CREATE TABLE "dashboard_totals" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"ton" numeric DEFAULT '0' NOT NULL,
	"stars" numeric DEFAULT '0' NOT NULL,
	"red_chip" numeric DEFAULT '0' NOT NULL,
	"inventory" bigint DEFAULT 0 NOT NULL,
	"pending_withdrawals" bigint DEFAULT 0 NOT NULL,
	"done_withdrawals" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_counts" ADD COLUMN "completions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "user_counts_referrals_idx" ON "user_counts" USING btree ("referrals" DESC NULLS LAST,"telegram_id") WHERE "user_counts"."referrals" > 0;--> statement-breakpoint
CREATE INDEX "user_counts_completions_idx" ON "user_counts" USING btree ("completions" DESC NULLS LAST,"telegram_id") WHERE "user_counts"."completions" > 0;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers). Inserts and deletes add one
-- aggregated difference per statement (transition tables); updates of the counted columns
-- are row-level triggers with a column list and a WHEN (such a trigger cannot have
-- transition tables, and every other update of these tables, such as users.last_active,
-- costs nothing). Each statement adds to the slot of its own connection
-- (pg_backend_pid() % 8); readers sum the slots. Writes wait until the backfill commits.
LOCK TABLE "users", "inventories", "withdrawals", "task_completions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The per-player counters with completions, rebuilt from the tables (also after a copy with triggers off).
CREATE OR REPLACE FUNCTION "user_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "user_counts";
  INSERT INTO "user_counts" ("telegram_id", "games", "won", "referrals", "completions")
  SELECT id, sum(n), sum(w), sum(r), sum(c) FROM (
    SELECT "player1_id" AS id, 1 AS n, CASE WHEN "winner_telegram_id" = "player1_id" THEN 1 ELSE 0 END AS w, 0 AS r, 0 AS c
    FROM "games" WHERE "status" = 'finished'
    UNION ALL
    SELECT "player2_id", 1, CASE WHEN "winner_telegram_id" = "player2_id" THEN 1 ELSE 0 END, 0, 0
    FROM "games" WHERE "status" = 'finished' AND "player2_id" IS NOT NULL AND "player2_id" <> "player1_id"
    UNION ALL
    SELECT "referred_by", 0, 0, 1, 0 FROM "users" WHERE "referred_by" IS NOT NULL
    UNION ALL
    SELECT "telegram_id", 0, 0, 0, 1 FROM "task_completions"
  ) AS d GROUP BY id;
$$;--> statement-breakpoint
-- The dashboard's totals and players per country, rebuilt from the tables (one slot).
CREATE FUNCTION "dashboard_totals_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "dashboard_totals";
  INSERT INTO "dashboard_totals" ("slot", "ton", "stars", "red_chip", "inventory", "pending_withdrawals", "done_withdrawals")
  SELECT 0,
    (SELECT coalesce(sum("ton_balance"), 0) FROM "users"),
    (SELECT coalesce(sum("stars_balance"), 0) FROM "users"),
    (SELECT coalesce(sum("red_chip_balance"), 0) FROM "users"),
    (SELECT count(*) FROM "inventories" WHERE "status" <> 'withdrawn'),
    (SELECT count(*) FROM "withdrawals" WHERE "decision" IS NULL),
    (SELECT count(*) FROM "withdrawals" WHERE "status");
  TRUNCATE "country_counts";
  INSERT INTO "country_counts" ("country_name", "country_flag", "players")
  SELECT "country_name", coalesce("country_flag", ''), count(*) FROM "users" WHERE "country_name" IS NOT NULL GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT "user_counts_rebuild"();--> statement-breakpoint
SELECT "dashboard_totals_rebuild"();--> statement-breakpoint
-- Adds a difference to this connection's slot.
CREATE FUNCTION "dashboard_totals_add"(d_ton numeric, d_stars numeric, d_red_chip numeric, d_inventory bigint, d_pending bigint, d_done bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "dashboard_totals" AS t ("slot", "ton", "stars", "red_chip", "inventory", "pending_withdrawals", "done_withdrawals")
  VALUES (pg_backend_pid() % 8, d_ton, d_stars, d_red_chip, d_inventory, d_pending, d_done)
  ON CONFLICT ("slot") DO UPDATE SET "ton" = t."ton" + excluded."ton", "stars" = t."stars" + excluded."stars",
    "red_chip" = t."red_chip" + excluded."red_chip", "inventory" = t."inventory" + excluded."inventory",
    "pending_withdrawals" = t."pending_withdrawals" + excluded."pending_withdrawals", "done_withdrawals" = t."done_withdrawals" + excluded."done_withdrawals";
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_totals_add"(coalesce(sum("ton_balance"), 0), coalesce(sum("stars_balance"), 0), coalesce(sum("red_chip_balance"), 0), 0, 0, 0) FROM new_rows;
    INSERT INTO "country_counts" AS c ("country_name", "country_flag", "players")
    SELECT "country_name", coalesce("country_flag", ''), count(*) FROM new_rows WHERE "country_name" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("country_name", "country_flag") DO UPDATE SET "players" = c."players" + excluded."players";
  ELSE
    PERFORM "dashboard_totals_add"(-coalesce(sum("ton_balance"), 0), -coalesce(sum("stars_balance"), 0), -coalesce(sum("red_chip_balance"), 0), 0, 0, 0) FROM old_rows;
    INSERT INTO "country_counts" AS c ("country_name", "country_flag", "players")
    SELECT "country_name", coalesce("country_flag", ''), -count(*) FROM old_rows WHERE "country_name" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("country_name", "country_flag") DO UPDATE SET "players" = c."players" + excluded."players";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_user_balances_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "dashboard_totals_add"(NEW."ton_balance" - OLD."ton_balance", NEW."stars_balance" - OLD."stars_balance", NEW."red_chip_balance" - OLD."red_chip_balance", 0, 0, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_user_country_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "country_counts" AS c ("country_name", "country_flag", "players")
  SELECT name, flag, sum(d) FROM (VALUES (OLD."country_name", coalesce(OLD."country_flag", ''), -1), (NEW."country_name", coalesce(NEW."country_flag", ''), 1)) AS v(name, flag, d)
  WHERE name IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("country_name", "country_flag") DO UPDATE SET "players" = c."players" + excluded."players";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_inventories_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_totals_add"(0, 0, 0, count(*), 0, 0) FROM new_rows WHERE "status" <> 'withdrawn';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "dashboard_totals_add"(0, 0, 0, -count(*), 0, 0) FROM old_rows WHERE "status" <> 'withdrawn';
  ELSE
    PERFORM "dashboard_totals_add"(0, 0, 0, CASE WHEN NEW."status" = 'withdrawn' THEN -1 ELSE 1 END, 0, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_withdrawals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_totals_add"(0, 0, 0, 0, count(*) FILTER (WHERE "decision" IS NULL), count(*) FILTER (WHERE "status")) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "dashboard_totals_add"(0, 0, 0, 0, -count(*) FILTER (WHERE "decision" IS NULL), -count(*) FILTER (WHERE "status")) FROM old_rows;
  ELSE
    PERFORM "dashboard_totals_add"(0, 0, 0, 0,
      (NEW."decision" IS NULL)::int - (OLD."decision" IS NULL)::int, NEW."status"::int - OLD."status"::int);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE "dashboard_totals" SET "ton" = 0, "stars" = 0, "red_chip" = 0;
    TRUNCATE "country_counts";
  ELSIF TG_TABLE_NAME = 'inventories' THEN
    UPDATE "dashboard_totals" SET "inventory" = 0;
  ELSIF TG_TABLE_NAME = 'withdrawals' THEN
    UPDATE "dashboard_totals" SET "pending_withdrawals" = 0, "done_withdrawals" = 0;
  ELSE
    UPDATE "user_counts" SET "completions" = 0 WHERE "completions" <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_counts_completions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" AS c ("telegram_id", "completions")
    SELECT "telegram_id", count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT ("telegram_id") DO UPDATE SET "completions" = c."completions" + excluded."completions";
  ELSE
    INSERT INTO "user_counts" AS c ("telegram_id", "completions")
    SELECT "telegram_id", -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT ("telegram_id") DO UPDATE SET "completions" = c."completions" + excluded."completions";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Named "*_totals_*"/"*_zdash_*" so they fire after the "*_stats_*" triggers (migration 0001),
-- as the user_counts triggers do: a writer first waits for the table_stats row, then takes
-- counter rows.
CREATE TRIGGER "users_zdash_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_users_changed"();--> statement-breakpoint
CREATE TRIGGER "users_zdash_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_users_changed"();--> statement-breakpoint
CREATE TRIGGER "users_zdash_balances" AFTER UPDATE OF "ton_balance", "stars_balance", "red_chip_balance" ON "users" FOR EACH ROW
  WHEN (OLD."ton_balance" IS DISTINCT FROM NEW."ton_balance" OR OLD."stars_balance" IS DISTINCT FROM NEW."stars_balance" OR OLD."red_chip_balance" IS DISTINCT FROM NEW."red_chip_balance")
  EXECUTE FUNCTION "dashboard_user_balances_changed"();--> statement-breakpoint
CREATE TRIGGER "users_zdash_country" AFTER UPDATE OF "country_name", "country_flag" ON "users" FOR EACH ROW
  WHEN (OLD."country_name" IS DISTINCT FROM NEW."country_name" OR OLD."country_flag" IS DISTINCT FROM NEW."country_flag")
  EXECUTE FUNCTION "dashboard_user_country_changed"();--> statement-breakpoint
CREATE TRIGGER "users_zdash_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "inventories_zdash_insert" AFTER INSERT ON "inventories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_inventories_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_zdash_delete" AFTER DELETE ON "inventories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_inventories_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_zdash_status" AFTER UPDATE OF "status" ON "inventories" FOR EACH ROW
  WHEN ((OLD."status" = 'withdrawn') IS DISTINCT FROM (NEW."status" = 'withdrawn'))
  EXECUTE FUNCTION "dashboard_inventories_changed"();--> statement-breakpoint
CREATE TRIGGER "inventories_zdash_truncate" AFTER TRUNCATE ON "inventories" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_zdash_insert" AFTER INSERT ON "withdrawals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_withdrawals_changed"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_zdash_delete" AFTER DELETE ON "withdrawals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_withdrawals_changed"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_zdash_decision" AFTER UPDATE OF "decision", "status" ON "withdrawals" FOR EACH ROW
  WHEN (OLD."decision" IS DISTINCT FROM NEW."decision" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "dashboard_withdrawals_changed"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_zdash_truncate" AFTER TRUNCATE ON "withdrawals" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "task_completions_totals_insert" AFTER INSERT ON "task_completions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_completions"();--> statement-breakpoint
CREATE TRIGGER "task_completions_totals_delete" AFTER DELETE ON "task_completions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_completions"();--> statement-breakpoint
CREATE TRIGGER "task_completions_totals_truncate" AFTER TRUNCATE ON "task_completions" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_totals_truncated"();
