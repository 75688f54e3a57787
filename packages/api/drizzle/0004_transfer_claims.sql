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
ALTER TABLE "withdrawals" ADD COLUMN "transfer_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_key" text;--> statement-breakpoint
CREATE INDEX "withdrawals_transfer_claims_idx" ON "withdrawals" USING btree ("transfer_claimed_at") WHERE "withdrawals"."decision" is null and "withdrawals"."transfer_claimed_at" is not null;