-- Issue 11: orders of one seller completing at once no longer wait for one another on rows
-- shared by the whole seller. The per-seller counters that every completion adds to — the
-- catalogue version, the order-list version, the dashboard's day and product-week rows — are
-- split by `slot`: a completion adds to its own slot's row (checkout/seller-slot.ts), and
-- readers sum the slots. The rows there were become slot 0.
ALTER TABLE "catalog_versions" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_versions" DROP CONSTRAINT "catalog_versions_pkey";--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_organization_id_slot_pk" PRIMARY KEY("organization_id","slot");--> statement-breakpoint
ALTER TABLE "order_list_versions" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_list_versions" DROP CONSTRAINT "order_list_versions_pkey";--> statement-breakpoint
ALTER TABLE "order_list_versions" ADD CONSTRAINT "order_list_versions_organization_id_slot_pk" PRIMARY KEY("organization_id","slot");--> statement-breakpoint
ALTER TABLE "seller_sales_days" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_sales_days" DROP CONSTRAINT "seller_sales_days_seller_id_day_pk";--> statement-breakpoint
ALTER TABLE "seller_sales_days" ADD CONSTRAINT "seller_sales_days_seller_id_day_slot_pk" PRIMARY KEY("seller_id","day","slot");--> statement-breakpoint
ALTER TABLE "seller_product_sales_weeks" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_product_sales_weeks" DROP CONSTRAINT "seller_product_sales_weeks_seller_id_week_start_product_id_pk";--> statement-breakpoint
ALTER TABLE "seller_product_sales_weeks" ADD CONSTRAINT "seller_product_sales_weeks_seller_week_product_slot_pk" PRIMARY KEY("seller_id","week_start","product_id","slot");--> statement-breakpoint
-- A catalogue version is now the sum of the seller's slots, each counting up by one. Slot 0
-- starts above the seller's version and every version the sequence handed out before, so the
-- sum can never again equal a version some cache was built under.
UPDATE "catalog_versions" SET "version" = "version" + nextval('catalog_version_seq');--> statement-breakpoint
-- The triggers add one to the slot of the writing transaction: the one it locked with
-- lockCatalogSlot (the setting cratebase.catalog_slot, local to the transaction), else slot 0,
-- which lockCatalogVersion locks along with every other slot.
CREATE OR REPLACE FUNCTION "bump_catalog_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_versions AS v (organization_id, slot, version)
  SELECT d.organization_id, coalesce(nullif(current_setting('cratebase.catalog_slot', true), '')::smallint, 0), 1
    FROM (SELECT DISTINCT organization_id FROM changed_rows) d
   -- Not for an organization being deleted (its products go with it, by cascade).
   WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
   ORDER BY d.organization_id
  ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_catalog_versions_for_photos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_versions AS v (organization_id, slot, version)
  SELECT d.organization_id, coalesce(nullif(current_setting('cratebase.catalog_slot', true), '')::smallint, 0), 1
    FROM (SELECT DISTINCT p.organization_id FROM changed_rows c JOIN products p ON p.id = c.product_id) d
   WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
   ORDER BY d.organization_id
  ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
