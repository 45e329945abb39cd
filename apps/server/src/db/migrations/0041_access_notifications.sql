-- Access facts kept per process (auth/access-facts.ts) are forgotten when PostgreSQL says they
-- changed: statement triggers on every table the access check and the storefront's catalogue
-- stamp read call pg_notify('cratebase_access', …) in the writing transaction, so the
-- notification is delivered when (and only if) the change commits. The payload names the ids
-- the statement touched: 'a:<uuid>,<uuid>…' for memberships and purchasing relationships (who
-- may act where: forgets kept roles and kept stamps), 'c:<uuid>,…' for the seller's catalogue
-- version, name and price lists (forgets kept stamps only); '<kind>:*' when the ids would not
-- fit in a notification (8000 bytes): forget everything of that kind. PostgreSQL folds
-- identical notifications of one transaction into one.
CREATE FUNCTION "cratebase_notify_ids"(kind text, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  payload := kind || ':' || array_to_string(ids, ',');
  IF length(payload) > 7000 THEN
    payload := kind || ':*';
  END IF;
  PERFORM pg_notify('cratebase_access', payload);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "cratebase_memberships_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cratebase_notify_ids('a', (SELECT array_agg(DISTINCT x) FROM (
      SELECT user_id AS x FROM new_rows UNION SELECT organization_id FROM new_rows) s));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cratebase_notify_ids('a', (SELECT array_agg(DISTINCT x) FROM (
      SELECT user_id AS x FROM new_rows UNION SELECT organization_id FROM new_rows
      UNION SELECT user_id FROM old_rows UNION SELECT organization_id FROM old_rows) s));
  ELSE
    PERFORM cratebase_notify_ids('a', (SELECT array_agg(DISTINCT x) FROM (
      SELECT user_id AS x FROM old_rows UNION SELECT organization_id FROM old_rows) s));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_notify_insert" AFTER INSERT ON "memberships"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_memberships_notify();
--> statement-breakpoint
CREATE TRIGGER "memberships_notify_update" AFTER UPDATE ON "memberships"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_memberships_notify();
--> statement-breakpoint
CREATE TRIGGER "memberships_notify_delete" AFTER DELETE ON "memberships"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_memberships_notify();
--> statement-breakpoint
-- Purchasing relationships and the customer price lists both name a (seller, purchaser) pair.
CREATE FUNCTION "cratebase_pairs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cratebase_notify_ids(kind, (SELECT array_agg(DISTINCT x) FROM (
      SELECT seller_organization_id AS x FROM new_rows UNION SELECT purchaser_organization_id FROM new_rows) s));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cratebase_notify_ids(kind, (SELECT array_agg(DISTINCT x) FROM (
      SELECT seller_organization_id AS x FROM new_rows UNION SELECT purchaser_organization_id FROM new_rows
      UNION SELECT seller_organization_id FROM old_rows UNION SELECT purchaser_organization_id FROM old_rows) s));
  ELSE
    PERFORM cratebase_notify_ids(kind, (SELECT array_agg(DISTINCT x) FROM (
      SELECT seller_organization_id AS x FROM old_rows UNION SELECT purchaser_organization_id FROM old_rows) s));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "purchasing_relationships_notify_insert" AFTER INSERT ON "purchasing_relationships"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_pairs_notify('a');
--> statement-breakpoint
CREATE TRIGGER "purchasing_relationships_notify_update" AFTER UPDATE ON "purchasing_relationships"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_pairs_notify('a');
--> statement-breakpoint
CREATE TRIGGER "purchasing_relationships_notify_delete" AFTER DELETE ON "purchasing_relationships"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_pairs_notify('a');
--> statement-breakpoint
CREATE TRIGGER "customer_price_lists_notify_insert" AFTER INSERT ON "customer_price_lists"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_pairs_notify('c');
--> statement-breakpoint
CREATE TRIGGER "customer_price_lists_notify_update" AFTER UPDATE ON "customer_price_lists"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_pairs_notify('c');
--> statement-breakpoint
CREATE TRIGGER "customer_price_lists_notify_delete" AFTER DELETE ON "customer_price_lists"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_pairs_notify('c');
--> statement-breakpoint
-- Rows keyed by the seller's organization_id: its catalogue version slots and its price lists.
CREATE FUNCTION "cratebase_organization_rows_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cratebase_notify_ids('c', (SELECT array_agg(DISTINCT organization_id) FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cratebase_notify_ids('c', (SELECT array_agg(DISTINCT x) FROM (
      SELECT organization_id AS x FROM new_rows UNION SELECT organization_id FROM old_rows) s));
  ELSE
    PERFORM cratebase_notify_ids('c', (SELECT array_agg(DISTINCT organization_id) FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "catalog_versions_notify_insert" AFTER INSERT ON "catalog_versions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organization_rows_notify();
--> statement-breakpoint
CREATE TRIGGER "catalog_versions_notify_update" AFTER UPDATE ON "catalog_versions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organization_rows_notify();
--> statement-breakpoint
CREATE TRIGGER "catalog_versions_notify_delete" AFTER DELETE ON "catalog_versions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organization_rows_notify();
--> statement-breakpoint
CREATE TRIGGER "price_lists_notify_insert" AFTER INSERT ON "price_lists"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organization_rows_notify();
--> statement-breakpoint
CREATE TRIGGER "price_lists_notify_update" AFTER UPDATE ON "price_lists"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organization_rows_notify();
--> statement-breakpoint
CREATE TRIGGER "price_lists_notify_delete" AFTER DELETE ON "price_lists"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organization_rows_notify();
--> statement-breakpoint
-- An organization's name is in the storefront's stamp; its other columns are not (and
-- product_count changes with every product write: no notification for those).
CREATE FUNCTION "cratebase_organizations_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cratebase_notify_ids('c', (SELECT array_agg(id) FROM old_rows));
  ELSE
    PERFORM cratebase_notify_ids('c', (SELECT array_agg(n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
                                        WHERE n.name IS DISTINCT FROM o.name));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "organizations_notify_update" AFTER UPDATE ON "organizations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organizations_notify();
--> statement-breakpoint
CREATE TRIGGER "organizations_notify_delete" AFTER DELETE ON "organizations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cratebase_organizations_notify();
