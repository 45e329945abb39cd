/**
 * What other modules read of resale certificates in their own one-query reads (a leaf: it imports
 * only drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * A boolean: whether the purchaser had a valid resale certificate on file at the moment `at` (a
 * timestamptz SQL value): one uploaded by then, not replaced by then, whose expiry day is on or
 * after that moment's day (UTC). A replaced certificate still counts for the days it was current.
 */
export function certificateOnFileSql(purchaserId: SQL, at: SQL): SQL {
  return sql`exists (select 1 from resale_certificates rc
                      where rc.organization_id = ${purchaserId}
                        and rc.created_at <= ${at}
                        and (rc.replaced_at is null or rc.replaced_at > ${at})
                        and rc.expires_on >= (${at} at time zone 'UTC')::date)`;
}

/** A boolean: whether the seller requires a valid certificate before a new customer's first order. */
export function certificateRequiredSql(sellerId: SQL): SQL {
  return sql`coalesce((select r.required from resale_certificate_requirements r
                        where r.seller_organization_id = ${sellerId}), false)`;
}
