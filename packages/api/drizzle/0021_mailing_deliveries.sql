CREATE TABLE "mailing_deliveries" (
	"mailing_id" integer NOT NULL,
	"telegram_id" bigint NOT NULL,
	"error" text,
	CONSTRAINT "mailing_deliveries_mailing_id_telegram_id_pk" PRIMARY KEY("mailing_id","telegram_id")
);
--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "delivered_through" bigint;--> statement-breakpoint
ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Mailings delivered before deliveries were recorded one by one: every recipient counted as reached.
UPDATE "mailings" SET "delivered" = "recipients" WHERE "status" = 'done';
