-- organizations.product_count after an UPDATE of products (0005, 0029), without joining the
-- statement's transition tables: they have no statistics, and the cached plan of the join by
-- id was a nested loop — n² for n rows, 1.2 s for the 5,000 rows of one inventory sync or
-- catalogue import. The count is of rows not deleted and without a parent, so a statement
-- changes it by the number of such rows after it less the number before it, per organization:
-- two linear scans, whatever the statement changed.
CREATE OR REPLACE FUNCTION cratebase_products_count_update() RETURNS trigger AS $$
BEGIN
  UPDATE organizations o SET product_count = o.product_count + d.n
    FROM (
      SELECT organization_id, sum(delta)::int AS n FROM (
        SELECT organization_id, 1 AS delta FROM new_rows WHERE deleted_at IS NULL AND parent_id IS NULL
        UNION ALL
        SELECT organization_id, -1 FROM old_rows WHERE deleted_at IS NULL AND parent_id IS NULL
      ) changes GROUP BY organization_id
    ) d
   WHERE o.id = d.organization_id AND d.n <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
