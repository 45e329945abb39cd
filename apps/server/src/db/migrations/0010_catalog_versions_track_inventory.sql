CREATE TABLE "catalog_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_inventory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every change to a seller's products or their photos bumps its catalogue version (one
-- sequence, so a version is never reused), in the writing transaction: storefront page caches
-- compare it on each request and see every committed change, from any process.
CREATE SEQUENCE "catalog_version_seq";--> statement-breakpoint
CREATE FUNCTION "bump_catalog_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_versions (organization_id, version)
  SELECT d.organization_id, nextval('catalog_version_seq')
    FROM (SELECT DISTINCT organization_id FROM changed_rows) d
   -- Not for an organization being deleted (its products go with it, by cascade).
   WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
  ON CONFLICT (organization_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions();--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions();--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions();--> statement-breakpoint
CREATE FUNCTION "bump_catalog_versions_for_photos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_versions (organization_id, version)
  SELECT d.organization_id, nextval('catalog_version_seq')
    FROM (SELECT DISTINCT p.organization_id FROM changed_rows c JOIN products p ON p.id = c.product_id) d
   WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
  ON CONFLICT (organization_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_media_catalog_version_insert" AFTER INSERT ON "product_media"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions_for_photos();--> statement-breakpoint
CREATE TRIGGER "product_media_catalog_version_delete" AFTER DELETE ON "product_media"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_versions_for_photos();
