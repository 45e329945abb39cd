/**
 * What other modules read of organizations in their own one-query reads (a leaf: it imports
 * only drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';
import { fromItem } from '../../db/from-item.js';

/**
 * A FROM item: organizations with the columns anyone who deals with them may read (`id`,
 * `name`, `slogan`, `selected_type`); give it an alias.
 */
export const organizationsSql = fromItem<{ id: string; name: string; slogan: string | null; selected_type: string }>()(
  { id: true, name: true, slogan: true, selected_type: true },
  () => sql`(select id, name, slogan, selected_type from organizations)`,
);

/** `join` of the organization whose id is in `organizationId`, as `alias` (columns of organizationsSql). */
export function joinOrganizationSql(alias: string, organizationId: SQL): SQL {
  const o = organizationsSql().alias(alias);
  return sql`join ${o.from} on ${o.col('id')} = ${organizationId}`;
}

/** A FROM item: every organization's order terms (the columns of joinOrderTermsSql, with `id`). */
export const orderTermsSql = fromItem<{
  id: string;
  new_customer_min: number | null;
  returning_customer_min: number | null;
  new_customer_min_cents: number | null;
  returning_customer_min_cents: number | null;
}>()(
  {
    id: true,
    new_customer_min: true,
    returning_customer_min: true,
    new_customer_min_cents: true,
    returning_customer_min_cents: true,
  },
  () => sql`(select id, new_customer_min, returning_customer_min, new_customer_min_cents, returning_customer_min_cents
                     from organizations)`,
);

/**
 * `join` of the order terms of the organization whose id is in `organizationId`, as `alias`:
 * `new_customer_min`, `returning_customer_min`, `new_customer_min_cents`,
 * `returning_customer_min_cents` (each null when unset).
 */
export function joinOrderTermsSql(alias: string, organizationId: SQL): SQL {
  const t = orderTermsSql().alias(alias);
  return sql`join ${t.from} on ${t.col('id')} = ${organizationId}`;
}

/** Int: how many hours after placing the buyers of the organization in `organizationId` may cancel an order themselves (issue 23). */
export function buyerCancelHoursSql(organizationId: SQL): SQL {
  return sql`(select buyer_cancel_hours from organizations where id = ${organizationId})`;
}
