CREATE TABLE "console_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"actor" text,
	"permission" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_events_at_idx" ON "console_events" USING btree ("at");