CREATE TABLE "team_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"accepted_on" timestamp with time zone,
	"accepted_by_user_id" uuid,
	CONSTRAINT "team_invites_role_check" CHECK ("team_invites"."role" in ('admin', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_invites_org_list_idx" ON "team_invites" USING btree ("organization_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_pending_email_key" ON "team_invites" USING btree ("organization_id",lower("email")) WHERE "team_invites"."accepted_on" is null;--> statement-breakpoint
-- Members added before team roles had every right: they become admins.
UPDATE "memberships" SET "role" = 'admin' WHERE "role" NOT IN ('owner', 'admin', 'staff');--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('owner', 'admin', 'staff'));