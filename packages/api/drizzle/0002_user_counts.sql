CREATE TABLE "user_counts" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): finished games, wins and
-- referrals per player for the users list, one aggregated upsert per statement (transition
-- tables), rows taken in id order. Writes to users and games wait until the backfill commits.
LOCK TABLE "users", "games" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "user_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "user_counts";
  INSERT INTO "user_counts" ("telegram_id", "games", "won", "referrals")
  SELECT id, sum(n), sum(w), sum(r) FROM (
    SELECT "player1_id" AS id, 1 AS n, CASE WHEN "winner_telegram_id" = "player1_id" THEN 1 ELSE 0 END AS w, 0 AS r
    FROM "games" WHERE "status" = 'finished'
    UNION ALL
    SELECT "player2_id", 1, CASE WHEN "winner_telegram_id" = "player2_id" THEN 1 ELSE 0 END, 0
    FROM "games" WHERE "status" = 'finished' AND "player2_id" IS NOT NULL AND "player2_id" <> "player1_id"
    UNION ALL
    SELECT "referred_by", 0, 0, 1 FROM "users" WHERE "referred_by" IS NOT NULL
  ) AS d GROUP BY id;
$$;--> statement-breakpoint
SELECT "user_counts_rebuild"();--> statement-breakpoint
CREATE FUNCTION "user_counts_games"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A game counts for player 1 and for player 2 (once when both are the same player) while
  -- it is finished: +1 per new finished row, -1 per old one (an update is both).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" AS c ("telegram_id", "games", "won")
    SELECT id, sum(n), sum(w) FROM (
      SELECT "player1_id" AS id, 1 AS n, CASE WHEN "winner_telegram_id" = "player1_id" THEN 1 ELSE 0 END AS w FROM new_rows WHERE "status" = 'finished'
      UNION ALL
      SELECT "player2_id", 1, CASE WHEN "winner_telegram_id" = "player2_id" THEN 1 ELSE 0 END FROM new_rows
      WHERE "status" = 'finished' AND "player2_id" IS NOT NULL AND "player2_id" <> "player1_id"
    ) AS d GROUP BY id ORDER BY id
    ON CONFLICT ("telegram_id") DO UPDATE SET "games" = c."games" + excluded."games", "won" = c."won" + excluded."won";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "user_counts" AS c ("telegram_id", "games", "won")
    SELECT id, sum(n), sum(w) FROM (
      SELECT "player1_id" AS id, -1 AS n, CASE WHEN "winner_telegram_id" = "player1_id" THEN -1 ELSE 0 END AS w FROM old_rows WHERE "status" = 'finished'
      UNION ALL
      SELECT "player2_id", -1, CASE WHEN "winner_telegram_id" = "player2_id" THEN -1 ELSE 0 END FROM old_rows
      WHERE "status" = 'finished' AND "player2_id" IS NOT NULL AND "player2_id" <> "player1_id"
    ) AS d GROUP BY id ORDER BY id
    ON CONFLICT ("telegram_id") DO UPDATE SET "games" = c."games" + excluded."games", "won" = c."won" + excluded."won";
  ELSE
    INSERT INTO "user_counts" AS c ("telegram_id", "games", "won")
    SELECT id, sum(n), sum(w) FROM (
      SELECT "player1_id" AS id, 1 AS n, CASE WHEN "winner_telegram_id" = "player1_id" THEN 1 ELSE 0 END AS w FROM new_rows WHERE "status" = 'finished'
      UNION ALL
      SELECT "player2_id", 1, CASE WHEN "winner_telegram_id" = "player2_id" THEN 1 ELSE 0 END FROM new_rows
      WHERE "status" = 'finished' AND "player2_id" IS NOT NULL AND "player2_id" <> "player1_id"
      UNION ALL
      SELECT "player1_id", -1, CASE WHEN "winner_telegram_id" = "player1_id" THEN -1 ELSE 0 END FROM old_rows WHERE "status" = 'finished'
      UNION ALL
      SELECT "player2_id", -1, CASE WHEN "winner_telegram_id" = "player2_id" THEN -1 ELSE 0 END FROM old_rows
      WHERE "status" = 'finished' AND "player2_id" IS NOT NULL AND "player2_id" <> "player1_id"
    ) AS d GROUP BY id HAVING sum(n) <> 0 OR sum(w) <> 0 ORDER BY id
    ON CONFLICT ("telegram_id") DO UPDATE SET "games" = c."games" + excluded."games", "won" = c."won" + excluded."won";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_counts_referrals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" AS c ("telegram_id", "referrals")
    SELECT "referred_by", count(*) FROM new_rows WHERE "referred_by" IS NOT NULL GROUP BY "referred_by" ORDER BY "referred_by"
    ON CONFLICT ("telegram_id") DO UPDATE SET "referrals" = c."referrals" + excluded."referrals";
  ELSE
    INSERT INTO "user_counts" AS c ("telegram_id", "referrals")
    SELECT "referred_by", -count(*) FROM old_rows WHERE "referred_by" IS NOT NULL GROUP BY "referred_by" ORDER BY "referred_by"
    ON CONFLICT ("telegram_id") DO UPDATE SET "referrals" = c."referrals" + excluded."referrals";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A changed inviter (row level: a trigger with a column list cannot have transition tables).
CREATE FUNCTION "user_counts_referrer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_counts" AS c ("telegram_id", "referrals")
  SELECT id, sum(d) FROM (VALUES (OLD."referred_by", -1), (NEW."referred_by", 1)) AS v(id, d)
  WHERE id IS NOT NULL GROUP BY id ORDER BY id
  ON CONFLICT ("telegram_id") DO UPDATE SET "referrals" = c."referrals" + excluded."referrals";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    TRUNCATE "user_counts";
  ELSE
    UPDATE "user_counts" SET "games" = 0, "won" = 0 WHERE "games" <> 0 OR "won" <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Triggers of one event fire in name order: "*_totals_*" after "*_stats_*" (migration 0001),
-- so an insert or delete first waits for the table_stats row (which serialises the writers of
-- that table until they commit) and only then takes counter rows: no lock cycle through them.
CREATE TRIGGER "games_totals_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_games"();--> statement-breakpoint
CREATE TRIGGER "games_totals_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_games"();--> statement-breakpoint
CREATE TRIGGER "games_totals_update" AFTER UPDATE ON "games" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_games"();--> statement-breakpoint
CREATE TRIGGER "games_totals_truncate" AFTER TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_truncated"();--> statement-breakpoint
CREATE TRIGGER "users_totals_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_referrals"();--> statement-breakpoint
CREATE TRIGGER "users_totals_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_referrals"();--> statement-breakpoint
CREATE TRIGGER "users_totals_referrer" AFTER UPDATE OF "referred_by" ON "users" FOR EACH ROW WHEN (OLD."referred_by" IS DISTINCT FROM NEW."referred_by") EXECUTE FUNCTION "user_counts_referrer_changed"();--> statement-breakpoint
CREATE TRIGGER "users_totals_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_truncated"();
