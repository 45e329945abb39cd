/**
 * The seller's business (ship-from) address: one per organization, address_links.kind
 * 'business'. Saving a new one replaces the link; the old address row stays for history.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AddressInput, AddressLink } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { addressLinks, addresses } from './schema.js';

export async function setBusinessAddress(
  ctx: AppContext,
  organizationId: string,
  input: AddressInput,
): Promise<AddressLink> {
  return ctx.db.transaction(async (tx) => {
    // Two saves at once must not leave two business addresses.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`business-address:${organizationId}`}, 0))`);
    await tx.execute(sql`delete from address_links where organization_id = ${organizationId} and kind = 'business'`);
    const [address] = await tx
      .insert(addresses)
      .values({
        firstName: input.first_name || null,
        lastName: input.last_name || null,
        line1: input.line1,
        line2: input.line2 || null,
        city: input.city,
        state: input.state,
        postalCode: input.postal_code,
        country: input.country,
      })
      .returning();
    const [link] = await tx
      .insert(addressLinks)
      .values({
        addressId: address!.id,
        organizationId,
        kind: 'business',
        isDefaultShipping: false,
        isDefaultBilling: false,
      })
      .returning();
    return {
      id: link!.id,
      address: {
        id: address!.id,
        line1: address!.line1,
        line2: address!.line2,
        city: address!.city,
        state: address!.state,
        postal_code: address!.postalCode,
        country: address!.country,
      },
      organization: { id: organizationId },
      kind: link!.kind,
      is_default_shipping: link!.isDefaultShipping,
      is_default_billing: link!.isDefaultBilling,
    };
  });
}

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
