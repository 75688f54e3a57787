CREATE TABLE "withdrawal_counts" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"listed" bigint DEFAULT 0 NOT NULL,
	"approved" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "withdrawals_listed_idx";--> statement-breakpoint
CREATE INDEX "withdrawals_awaiting_idx" ON "withdrawals" USING btree ("id") WHERE not "withdrawals"."status" and "withdrawals"."decision" is null and "withdrawals"."first_approved_by" is not null and "withdrawals"."first_approval" is not null and "withdrawals"."first_approved_at" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_listed_idx" ON "withdrawals" USING btree (("decision" is null),"created_at","id","decision","status") WHERE "withdrawals"."decision" is null or "withdrawals"."decision" <> 'rejected';--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): the list's counters over the
-- listed withdrawals (`decision` is not 'rejected'), one aggregated difference per INSERT or
-- DELETE statement (transition tables), a row-level trigger only on updates of decision or
-- status, TRUNCATE resets; each statement adds to its connection's slot.
LOCK TABLE "withdrawals" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE FUNCTION "withdrawal_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE "withdrawal_counts";
  INSERT INTO "withdrawal_counts" ("slot", "listed", "approved")
  SELECT 0, count(*), count(*) FILTER (WHERE "status") FROM "withdrawals" WHERE "decision" IS DISTINCT FROM 'rejected';
$$;--> statement-breakpoint
SELECT "withdrawal_counts_rebuild"();--> statement-breakpoint
CREATE FUNCTION "withdrawal_counts_add"(d_listed bigint, d_approved bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "withdrawal_counts" AS c ("slot", "listed", "approved") VALUES (pg_backend_pid() % 8, d_listed, d_approved)
  ON CONFLICT ("slot") DO UPDATE SET "listed" = c."listed" + excluded."listed", "approved" = c."approved" + excluded."approved";
$$;--> statement-breakpoint
CREATE FUNCTION "withdrawal_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "withdrawal_counts_add"(count(*), count(*) FILTER (WHERE "status")) FROM new_rows WHERE "decision" IS DISTINCT FROM 'rejected';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "withdrawal_counts_add"(-count(*), -count(*) FILTER (WHERE "status")) FROM old_rows WHERE "decision" IS DISTINCT FROM 'rejected';
  ELSE
    PERFORM "withdrawal_counts_add"(
      (NEW."decision" IS DISTINCT FROM 'rejected')::int - (OLD."decision" IS DISTINCT FROM 'rejected')::int,
      (NEW."decision" IS DISTINCT FROM 'rejected' AND NEW."status")::int - (OLD."decision" IS DISTINCT FROM 'rejected' AND OLD."status")::int);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "withdrawal_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "withdrawal_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "withdrawals_counts_insert" AFTER INSERT ON "withdrawals" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "withdrawal_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_counts_delete" AFTER DELETE ON "withdrawals" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "withdrawal_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_counts_update" AFTER UPDATE OF "decision", "status" ON "withdrawals" FOR EACH ROW
  WHEN (OLD."decision" IS DISTINCT FROM NEW."decision" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "withdrawal_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_counts_truncate" AFTER TRUNCATE ON "withdrawals" FOR EACH STATEMENT EXECUTE FUNCTION "withdrawal_counts_truncated"();
