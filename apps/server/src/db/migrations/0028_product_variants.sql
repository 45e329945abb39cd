DROP INDEX "products_org_list_idx";--> statement-breakpoint
DROP INDEX "products_org_state_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values" text[];--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_position" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "own_volume_rules" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_media_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_media_id_media_id_fk" FOREIGN KEY ("variant_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id","variant_position") WHERE "products"."parent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_variant_values_key" ON "products" USING btree ("parent_id","option_values") WHERE "products"."deleted_at" is null and "products"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "products_org_list_idx" ON "products" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null and "products"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "products_org_state_idx" ON "products" USING btree ("organization_id","state_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."deleted_at" is null and "products"."parent_id" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_shape" CHECK (("products"."parent_id" is null) = ("products"."option_values" is null) and ("products"."parent_id" is null or "products"."options" is null));