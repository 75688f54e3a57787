CREATE TABLE "sign_in_counters" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"admin_id" integer,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_counters_ip_admin_uq" UNIQUE NULLS NOT DISTINCT("ip","admin_id")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "sign_in_counters" ADD CONSTRAINT "sign_in_counters_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_counters_window_idx" ON "sign_in_counters" USING btree ("window_start");