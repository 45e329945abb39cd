ALTER TABLE "invites" ADD COLUMN "claimed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "claimed_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_templates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_pending_email_key" ON "invites" USING btree ("organization_id",lower("send_to_email")) WHERE "invites"."accepted_on" is null;--> statement-breakpoint
CREATE INDEX "invites_claimed_by_user_idx" ON "invites" USING btree ("claimed_by_user_id") WHERE "invites"."claimed_by_user_id" is not null and "invites"."accepted_on" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "package_templates_org_name_key" ON "package_templates" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "products_org_name_no_sku_idx" ON "products" USING btree ("organization_id",lower("name")) WHERE "products"."deleted_at" is null and "products"."stock_keeping_unit" is null;--> statement-breakpoint
ALTER TABLE "package_templates" ADD CONSTRAINT "package_templates_dimensions_positive" CHECK ("package_templates"."height" > 0 and "package_templates"."width" > 0 and "package_templates"."length" > 0);