CREATE TABLE "sign_in_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "transfer_ledger" (
	"key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"telegram_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(20, 9) NOT NULL,
	"inventory_id" integer,
	"wallet" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_ledger_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_key" text;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_counters" ADD CONSTRAINT "sign_in_counters_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_challenges_admin_idx" ON "sign_in_challenges" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sign_in_counters_window_idx" ON "sign_in_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_idx" ON "rate_limit_counters" USING btree ("window_ends");--> statement-breakpoint
CREATE INDEX "withdrawals_transfer_claims_idx" ON "withdrawals" USING btree ("transfer_claimed_at") WHERE "withdrawals"."decision" is null and "withdrawals"."transfer_claimed_at" is not null;