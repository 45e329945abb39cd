CREATE TABLE "product_price_breaks" (
	"product_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price_in_cents" integer NOT NULL,
	CONSTRAINT "product_price_breaks_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "product_price_breaks_min_quantity" CHECK ("product_price_breaks"."min_quantity" > 1),
	CONSTRAINT "product_price_breaks_price_non_negative" CHECK ("product_price_breaks"."unit_price_in_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "order_increment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_price_breaks" ADD CONSTRAINT "product_price_breaks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_order_increment_positive" CHECK ("products"."order_increment" >= 1);--> statement-breakpoint
-- Price breaks are part of what the storefront shows: a change bumps the seller's catalogue
-- version like a change to its products or photos does (migration 0010; the function reads
-- product_id of the changed rows).
CREATE TRIGGER "product_price_breaks_catalog_version_insert" AFTER INSERT ON "product_price_breaks"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions_for_photos();--> statement-breakpoint
CREATE TRIGGER "product_price_breaks_catalog_version_update" AFTER UPDATE ON "product_price_breaks"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions_for_photos();--> statement-breakpoint
CREATE TRIGGER "product_price_breaks_catalog_version_delete" AFTER DELETE ON "product_price_breaks"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions_for_photos();
