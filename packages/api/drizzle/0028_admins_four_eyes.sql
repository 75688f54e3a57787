CREATE TABLE "admin_invites" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"totp_secret" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"admin_id" integer NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_requested_by_admins_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invites_token_uq" ON "admin_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_requests_status_idx" ON "admin_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "admin_requests_admin_idx" ON "admin_requests" USING btree ("admin_id");--> statement-breakpoint
-- Hand-written below: the values the columns may hold (the contract's ADMIN_STATUSES,
-- ADMIN_REQUEST_KINDS, ADMIN_REQUEST_STATUSES), and an active admin always has a password.
ALTER TABLE "admins" ADD CONSTRAINT "admins_status_ck" CHECK ("status" IN ('active', 'disabled', 'invited'));--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_password_ck" CHECK ("status" = 'invited' OR "password_hash" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_kind_ck" CHECK ("kind" IN ('grant', 'enable', 'reset-second-factor'));--> statement-breakpoint
ALTER TABLE "admin_requests" ADD CONSTRAINT "admin_requests_status_ck" CHECK ("status" IN ('pending', 'approved', 'rejected'));
