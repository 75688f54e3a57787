CREATE TABLE "table_stats" (
	"name" text PRIMARY KEY NOT NULL,
	"row_count" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","telegram_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers): exact counts and change versions
-- for users and games, one update per statement (transition tables), never per row.
INSERT INTO "table_stats" ("name", "row_count") SELECT 'users', count(*) FROM "users";--> statement-breakpoint
INSERT INTO "table_stats" ("name", "row_count") SELECT 'games', count(*) FROM "games";--> statement-breakpoint
CREATE FUNCTION "table_stats_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_stats" SET "row_count" = "row_count" + (SELECT count(*) FROM new_rows), "version" = "version" + 1
  WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "table_stats_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_stats" SET "row_count" = "row_count" - (SELECT count(*) FROM old_rows), "version" = "version" + 1
  WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "table_stats_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_stats" SET "row_count" = 0, "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "table_stats_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_stats" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_stats_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "table_stats_inserted"();--> statement-breakpoint
CREATE TRIGGER "users_stats_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "table_stats_deleted"();--> statement-breakpoint
CREATE TRIGGER "users_stats_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "table_stats_truncated"();--> statement-breakpoint
-- The users search matches these columns and orders by created_at, telegram_id.
CREATE TRIGGER "users_stats_search_update" AFTER UPDATE OF "username", "first_name", "last_name", "telegram_id", "created_at" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "table_stats_changed"();--> statement-breakpoint
CREATE TRIGGER "games_stats_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "table_stats_inserted"();--> statement-breakpoint
CREATE TRIGGER "games_stats_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "table_stats_deleted"();--> statement-breakpoint
CREATE TRIGGER "games_stats_truncate" AFTER TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "table_stats_truncated"();
