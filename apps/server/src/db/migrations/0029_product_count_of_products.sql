-- organizations.product_count counts products, not their variants (issue 24): a variant is a
-- products row with a parent_id (set when it is made, never changed), so the counting
-- triggers of 0005 skip those rows, and the count is taken again.
CREATE OR REPLACE FUNCTION cratebase_products_count_insert() RETURNS trigger AS $$
BEGIN
  UPDATE organizations o SET product_count = o.product_count + d.n
    FROM (SELECT organization_id, count(*)::int AS n FROM new_rows
           WHERE deleted_at IS NULL AND parent_id IS NULL GROUP BY organization_id) d
   WHERE o.id = d.organization_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cratebase_products_count_delete() RETURNS trigger AS $$
BEGIN
  UPDATE organizations o SET product_count = o.product_count - d.n
    FROM (SELECT organization_id, count(*)::int AS n FROM old_rows
           WHERE deleted_at IS NULL AND parent_id IS NULL GROUP BY organization_id) d
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
         WHERE o.deleted_at IS NOT NULL AND n.deleted_at IS NULL AND n.parent_id IS NULL
        UNION ALL
        SELECT n.organization_id, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE o.deleted_at IS NULL AND n.deleted_at IS NOT NULL AND n.parent_id IS NULL
      ) changes GROUP BY organization_id
    ) d
   WHERE o.id = d.organization_id AND d.n <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE organizations o SET product_count = (
  SELECT count(*) FROM products p WHERE p.organization_id = o.id AND p.deleted_at IS NULL AND p.parent_id IS NULL
);
