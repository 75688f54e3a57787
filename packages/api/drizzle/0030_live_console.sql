CREATE TABLE "console_presence" (
	"tab" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"admin_id" integer NOT NULL,
	"activity" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_presence_tab_entity_entity_id_pk" PRIMARY KEY("tab","entity","entity_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "console_presence" ADD CONSTRAINT "console_presence_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_presence_record_idx" ON "console_presence" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_subject_idx" ON "inbox_items" USING btree ("admin_id","kind","subject");--> statement-breakpoint
CREATE INDEX "inbox_items_admin_idx" ON "inbox_items" USING btree ("admin_id","id");