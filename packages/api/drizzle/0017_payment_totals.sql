CREATE TABLE "payment_totals" (
	"table_name" text NOT NULL,
	"slot" smallint NOT NULL,
	"payments" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	"fee" numeric DEFAULT '0' NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"completed_amount" numeric DEFAULT '0' NOT NULL,
	"completed_fee" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_totals_table_name_slot_pk" PRIMARY KEY("table_name","slot")
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): one aggregated difference per
-- INSERT or DELETE statement (transition tables), a row-level trigger only on updates of
-- amount, fee or status, TRUNCATE resets; each statement adds to its connection's slot.
LOCK TABLE "ton_payments", "stars_payments" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "payment_totals_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "payment_totals";
  INSERT INTO "payment_totals" ("table_name", "slot", "payments", "amount", "fee", "completed", "completed_amount", "completed_fee")
  SELECT 'ton_payments', 0, count(*), coalesce(sum("amount"), 0), coalesce(sum("fee"), 0), count(*) FILTER (WHERE "status"),
    coalesce(sum("amount") FILTER (WHERE "status"), 0), coalesce(sum("fee") FILTER (WHERE "status"), 0) FROM "ton_payments"
  UNION ALL
  SELECT 'stars_payments', 0, count(*), coalesce(sum("amount"), 0), coalesce(sum("fee"), 0), count(*) FILTER (WHERE "status"),
    coalesce(sum("amount") FILTER (WHERE "status"), 0), coalesce(sum("fee") FILTER (WHERE "status"), 0) FROM "stars_payments";
$$;--> statement-breakpoint
SELECT "payment_totals_rebuild"();--> statement-breakpoint
CREATE FUNCTION "payment_totals_add"(t text, d_n bigint, d_amount numeric, d_fee numeric, d_c bigint, d_c_amount numeric, d_c_fee numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "payment_totals" AS p ("table_name", "slot", "payments", "amount", "fee", "completed", "completed_amount", "completed_fee")
  VALUES (t, pg_backend_pid() % 8, d_n, d_amount, d_fee, d_c, d_c_amount, d_c_fee)
  ON CONFLICT ("table_name", "slot") DO UPDATE SET "payments" = p."payments" + excluded."payments", "amount" = p."amount" + excluded."amount",
    "fee" = p."fee" + excluded."fee", "completed" = p."completed" + excluded."completed",
    "completed_amount" = p."completed_amount" + excluded."completed_amount", "completed_fee" = p."completed_fee" + excluded."completed_fee";
$$;--> statement-breakpoint
CREATE FUNCTION "payment_totals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "payment_totals_add"(TG_TABLE_NAME, count(*), coalesce(sum("amount"), 0), coalesce(sum("fee"), 0), count(*) FILTER (WHERE "status"),
      coalesce(sum("amount") FILTER (WHERE "status"), 0), coalesce(sum("fee") FILTER (WHERE "status"), 0)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "payment_totals_add"(TG_TABLE_NAME, -count(*), -coalesce(sum("amount"), 0), -coalesce(sum("fee"), 0), -count(*) FILTER (WHERE "status"),
      -coalesce(sum("amount") FILTER (WHERE "status"), 0), -coalesce(sum("fee") FILTER (WHERE "status"), 0)) FROM old_rows;
  ELSE
    PERFORM "payment_totals_add"(TG_TABLE_NAME, 0, NEW."amount" - OLD."amount", NEW."fee" - OLD."fee", NEW."status"::int - OLD."status"::int,
      CASE WHEN NEW."status" THEN NEW."amount" ELSE 0 END - CASE WHEN OLD."status" THEN OLD."amount" ELSE 0 END,
      CASE WHEN NEW."status" THEN NEW."fee" ELSE 0 END - CASE WHEN OLD."status" THEN OLD."fee" ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "payment_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "payment_totals" WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ton_payments_totals_insert" AFTER INSERT ON "ton_payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_changed"();--> statement-breakpoint
CREATE TRIGGER "ton_payments_totals_delete" AFTER DELETE ON "ton_payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_changed"();--> statement-breakpoint
CREATE TRIGGER "ton_payments_totals_update" AFTER UPDATE OF "amount", "fee", "status" ON "ton_payments" FOR EACH ROW
  WHEN (OLD."amount" IS DISTINCT FROM NEW."amount" OR OLD."fee" IS DISTINCT FROM NEW."fee" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "payment_totals_changed"();--> statement-breakpoint
CREATE TRIGGER "ton_payments_totals_truncate" AFTER TRUNCATE ON "ton_payments" FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_totals_insert" AFTER INSERT ON "stars_payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_changed"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_totals_delete" AFTER DELETE ON "stars_payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_changed"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_totals_update" AFTER UPDATE OF "amount", "fee", "status" ON "stars_payments" FOR EACH ROW
  WHEN (OLD."amount" IS DISTINCT FROM NEW."amount" OR OLD."fee" IS DISTINCT FROM NEW."fee" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "payment_totals_changed"();--> statement-breakpoint
CREATE TRIGGER "stars_payments_totals_truncate" AFTER TRUNCATE ON "stars_payments" FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_truncated"();
