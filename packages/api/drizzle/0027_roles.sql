CREATE TABLE "admin_role_members" (
	"admin_id" integer NOT NULL,
	"role_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_role_members_admin_id_role_id_pk" PRIMARY KEY("admin_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "admin_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_refusals" (
	"admin_id" integer NOT NULL,
	"permission" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	CONSTRAINT "permission_refusals_admin_id_permission_minute_pk" PRIMARY KEY("admin_id","permission","minute")
);
--> statement-breakpoint
ALTER TABLE "admin_role_members" ADD CONSTRAINT "admin_role_members_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_role_members" ADD CONSTRAINT "admin_role_members_role_id_admin_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."admin_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_refusals" ADD CONSTRAINT "permission_refusals_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_role_members_role_idx" ON "admin_role_members" USING btree ("role_id");--> statement-breakpoint
-- Hand-written below: the built-in roles (their permissions are the contract's BUILT_IN_ROLES,
-- packages/contract/src/permissions.ts; the rows only name them), and every admin that exists
-- becomes an Owner, so a deployment behaves as it did before roles.
INSERT INTO "admin_roles" ("id", "name", "built_in") VALUES
  ('owner', 'Owner', true),
  ('finance', 'Finance', true),
  ('support', 'Support', true),
  ('content', 'Content', true),
  ('auditor', 'Auditor', true)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "admin_role_members" ("admin_id", "role_id") SELECT "id", 'owner' FROM "admins" ON CONFLICT DO NOTHING;
