-- organizations.product_count follows the catalogue (products not deleted), so reading an
-- organization never counts 100k rows. The database keeps it: every write path (API, CSV
-- import, bulk seeding) updates it inside the writer's transaction. Statement-level triggers
-- with transition tables touch each organization once per statement, so a 10,000-row import
-- is one UPDATE, not 10,000.
CREATE OR REPLACE FUNCTION cratebase_products_count_insert() RETURNS trigger AS $$
BEGIN
  UPDATE organizations o SET product_count = o.product_count + d.n
    FROM (SELECT organization_id, count(*)::int AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY organization_id) d
   WHERE o.id = d.organization_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cratebase_products_count_delete() RETURNS trigger AS $$
BEGIN
  UPDATE organizations o SET product_count = o.product_count - d.n
    FROM (SELECT organization_id, count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY organization_id) d
   WHERE o.id = d.organization_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cratebase_products_count_update() RETURNS trigger AS $$
BEGIN
  UPDATE organizations o SET product_count = o.product_count + d.n
    FROM (
      SELECT organization_id, sum(delta)::int AS n FROM (
        SELECT n.organization_id, 1 AS delta FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE o.deleted_at IS NOT NULL AND n.deleted_at IS NULL
        UNION ALL
        SELECT n.organization_id, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE o.deleted_at IS NULL AND n.deleted_at IS NOT NULL
      ) changes GROUP BY organization_id
    ) d
   WHERE o.id = d.organization_id AND d.n <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cratebase_products_count_insert();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cratebase_products_count_delete();
--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cratebase_products_count_update();
--> statement-breakpoint
UPDATE organizations o SET product_count = (
  SELECT count(*) FROM products p WHERE p.organization_id = o.id AND p.deleted_at IS NULL
);
