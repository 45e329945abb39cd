DROP INDEX "orders_pair_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "product_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "purchasing_relationships_seller_list_idx" ON "purchasing_relationships" USING btree ("seller_organization_id","created_at" DESC NULLS LAST,"purchaser_organization_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_pair_idx" ON "orders" USING btree ("selling_organization_id","purchasing_organization_id","completed_on" DESC NULLS LAST,"id" DESC NULLS LAST);