/**
 * What other modules read of addresses in their own one-query reads (a leaf: it imports only
 * drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * For one-query reads elsewhere: `left join lateral` of the organization's current business
 * address (the address row's columns, all null without one), as `alias`.
 */
export function businessAddressJoinSql(alias: string, organizationId: SQL): SQL {
  return sql`left join lateral (
        select a.* from address_links al join addresses a on a.id = al.address_id
         where al.organization_id = ${organizationId} and al.kind = 'business'
         order by al.created_at desc limit 1
      ) ${sql.identifier(alias)} on true`;
}

/** A boolean: whether the address in `addressId` is a saved shipping address of `organizationId`. */
export function savedAddressOfSql(addressId: SQL, organizationId: SQL): SQL {
  return sql`exists (select 1 from address_links al
                      where al.address_id = ${addressId} and al.organization_id = ${organizationId}
                        and al.kind = 'shipping')`;
}

/**
 * A JSON object (contract OrderShippingAddress: id, first_name, last_name, line1, line2, city,
 * state, postal_code): the address whose id is in `addressId`, or null. Without the id (contract
 * OrderAddress, a placed order's ship-to) when `withId` is false.
 */
export function shippingAddressJsonSql(addressId: SQL, withId = true): SQL {
  return sql`(select json_build_object(${withId ? sql`'id', a.id, ` : sql``}'first_name', a.first_name, 'last_name', a.last_name,
                                       'line1', a.line1, 'line2', a.line2, 'city', a.city, 'state', a.state,
                                       'postal_code', a.postal_code)
                from addresses a where a.id = ${addressId})`;
}
