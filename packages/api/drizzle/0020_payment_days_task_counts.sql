CREATE TABLE "task_completion_counts" (
	"task_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_completion_counts_task_id_slot_pk" PRIMARY KEY("task_id","slot")
);
--> statement-breakpoint
CREATE TABLE "payment_days" (
	"table_name" text NOT NULL,
	"day" date NOT NULL,
	"status" boolean NOT NULL,
	"slot" smallint NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"fee" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_days_table_name_day_status_slot_pk" PRIMARY KEY("table_name","day","status","slot")
);
--> statement-breakpoint
ALTER TABLE "task_completion_counts" ADD CONSTRAINT "task_completion_counts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stars_payments_status_created_at_id_idx" ON "stars_payments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "ton_payments_status_created_at_id_idx" ON "ton_payments" USING btree ("status","created_at","id");--> statement-breakpoint
DROP TABLE "payment_totals" CASCADE;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers), as payment_totals was: one
-- aggregated difference per INSERT or DELETE statement (transition tables), a row-level
-- trigger only on updates of the counted columns, TRUNCATE resets; each statement adds to
-- its connection's slot. payment_days replaces payment_totals: a table's totals are the sum
-- of all its days, so one mechanism answers both the unfiltered and the dated cards.
LOCK TABLE "ton_payments", "stars_payments", "task_completions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
DROP TRIGGER "ton_payments_totals_insert" ON "ton_payments";--> statement-breakpoint
DROP TRIGGER "ton_payments_totals_delete" ON "ton_payments";--> statement-breakpoint
DROP TRIGGER "ton_payments_totals_update" ON "ton_payments";--> statement-breakpoint
DROP TRIGGER "ton_payments_totals_truncate" ON "ton_payments";--> statement-breakpoint
DROP TRIGGER "stars_payments_totals_insert" ON "stars_payments";--> statement-breakpoint
DROP TRIGGER "stars_payments_totals_delete" ON "stars_payments";--> statement-breakpoint
DROP TRIGGER "stars_payments_totals_update" ON "stars_payments";--> statement-breakpoint
DROP TRIGGER "stars_payments_totals_truncate" ON "stars_payments";--> statement-breakpoint
DROP FUNCTION "payment_totals_changed"();--> statement-breakpoint
DROP FUNCTION "payment_totals_truncated"();--> statement-breakpoint
DROP FUNCTION "payment_totals_add"(text, bigint, numeric, numeric, bigint, numeric, numeric);--> statement-breakpoint
DROP FUNCTION "payment_totals_rebuild"();--> statement-breakpoint
-- The UTC day of a payment: the days the deposits screen's date filters bound.
CREATE FUNCTION "payment_days_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "payment_days";
  INSERT INTO "payment_days" ("table_name", "day", "status", "slot", "payments", "amount", "fee")
  SELECT 'ton_payments', ("created_at" AT TIME ZONE 'UTC')::date, "status", 0, count(*), sum("amount"), sum("fee") FROM "ton_payments" GROUP BY 2, 3
  UNION ALL
  SELECT 'stars_payments', ("created_at" AT TIME ZONE 'UTC')::date, "status", 0, count(*), sum("amount"), sum("fee") FROM "stars_payments" GROUP BY 2, 3;
$$;--> statement-breakpoint
SELECT "payment_days_rebuild"();--> statement-breakpoint
-- Differences per (table, day, status) of each INSERT, DELETE or UPDATE statement (transition
-- tables) into this connection's slot, in key order (two writers never take the same rows in
-- opposite orders).
CREATE FUNCTION "payment_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "payment_days" AS p ("table_name", "day", "status", "slot", "payments", "amount", "fee")
    SELECT TG_TABLE_NAME, ("created_at" AT TIME ZONE 'UTC')::date, "status", pg_backend_pid() % 8, count(*), sum("amount"), sum("fee")
    FROM new_rows GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT ("table_name", "day", "status", "slot") DO UPDATE SET "payments" = p."payments" + excluded."payments",
      "amount" = p."amount" + excluded."amount", "fee" = p."fee" + excluded."fee";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "payment_days" AS p ("table_name", "day", "status", "slot", "payments", "amount", "fee")
    SELECT TG_TABLE_NAME, ("created_at" AT TIME ZONE 'UTC')::date, "status", pg_backend_pid() % 8, -count(*), -sum("amount"), -sum("fee")
    FROM old_rows GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT ("table_name", "day", "status", "slot") DO UPDATE SET "payments" = p."payments" + excluded."payments",
      "amount" = p."amount" + excluded."amount", "fee" = p."fee" + excluded."fee";
  ELSE
    -- An update statement: its new rows added, its old rows taken away, per key; keys whose
    -- difference is nothing (a column nobody counts changed) are left alone.
    INSERT INTO "payment_days" AS p ("table_name", "day", "status", "slot", "payments", "amount", "fee")
    SELECT TG_TABLE_NAME, d, s, pg_backend_pid() % 8, sum(n), sum(a), sum(f)
    FROM (SELECT ("created_at" AT TIME ZONE 'UTC')::date AS d, "status" AS s, 1 AS n, "amount"::numeric AS a, "fee"::numeric AS f FROM new_rows
          UNION ALL
          SELECT ("created_at" AT TIME ZONE 'UTC')::date, "status", -1, -"amount"::numeric, -"fee"::numeric FROM old_rows) AS v
    GROUP BY d, s HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(f) <> 0 ORDER BY d, s
    ON CONFLICT ("table_name", "day", "status", "slot") DO UPDATE SET "payments" = p."payments" + excluded."payments",
      "amount" = p."amount" + excluded."amount", "fee" = p."fee" + excluded."fee";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "payment_days_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "payment_days" WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ton_payments_days_insert" AFTER INSERT ON "ton_payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_changed"();--> statement-breakpoint
CREATE TRIGGER "ton_payments_days_delete" AFTER DELETE ON "ton_payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_changed"();--> statement-breakpoint
CREATE TRIGGER "ton_payments_days_update" AFTER UPDATE ON "ton_payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_changed"();--> statement-breakpoint
CREATE TRIGGER "ton_payments_days_truncate" AFTER TRUNCATE ON "ton_payments" FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_days_insert" AFTER INSERT ON "stars_payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_changed"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_days_delete" AFTER DELETE ON "stars_payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_changed"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_days_update" AFTER UPDATE ON "stars_payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_changed"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_days_truncate" AFTER TRUNCATE ON "stars_payments" FOR EACH STATEMENT EXECUTE FUNCTION "payment_days_truncated"();--> statement-breakpoint
-- Completions per task (slot per connection). A task's deletion removes its counter rows
-- (cascade) and, through its completions' cascade, fires the delete below: the difference
-- goes only to tasks that still exist.
CREATE FUNCTION "task_completion_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "task_completion_counts";
  INSERT INTO "task_completion_counts" ("task_id", "slot", "completions") SELECT "task_id", 0, count(*) FROM "task_completions" GROUP BY 1;
$$;--> statement-breakpoint
SELECT "task_completion_counts_rebuild"();--> statement-breakpoint
CREATE FUNCTION "task_completion_counts_add"(ids integer[], d integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "task_completion_counts" AS c ("task_id", "slot", "completions")
  SELECT u.id, pg_backend_pid() % 8, d * count(*) FROM unnest(ids) AS u(id) WHERE EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = u.id) GROUP BY 1 ORDER BY 1
  ON CONFLICT ("task_id", "slot") DO UPDATE SET "completions" = c."completions" + excluded."completions";
$$;--> statement-breakpoint
CREATE FUNCTION "task_completion_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "task_completion_counts_add"(array_agg("task_id"), 1) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "task_completion_counts_add"(array_agg("task_id"), -1) FROM old_rows;
  ELSE
    PERFORM "task_completion_counts_add"(ARRAY[OLD."task_id"], -1);
    PERFORM "task_completion_counts_add"(ARRAY[NEW."task_id"], 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "task_completion_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "task_completion_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Named "*_zcounts_*" so they fire after the user_counts triggers (migration dashboard_totals):
-- every writer of completions takes the player's counter rows first, then the task's.
CREATE TRIGGER "task_completions_zcounts_insert" AFTER INSERT ON "task_completions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "task_completion_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "task_completions_zcounts_delete" AFTER DELETE ON "task_completions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "task_completion_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "task_completions_zcounts_update" AFTER UPDATE OF "task_id" ON "task_completions" FOR EACH ROW
  WHEN (OLD."task_id" IS DISTINCT FROM NEW."task_id") EXECUTE FUNCTION "task_completion_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "task_completions_zcounts_truncate" AFTER TRUNCATE ON "task_completions" FOR EACH STATEMENT EXECUTE FUNCTION "task_completion_counts_truncated"();
