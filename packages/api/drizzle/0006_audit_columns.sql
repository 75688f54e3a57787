ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "admin_username" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_telegram_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- Rows written before the username was kept: the admin of today, when there still is one.
UPDATE "audit_log" SET "admin_username" = "admins"."username" FROM "admins" WHERE "admins"."id" = "audit_log"."admin_id";
