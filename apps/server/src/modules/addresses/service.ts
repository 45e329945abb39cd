/**
 * Addresses. The seller's business (ship-from) address: one per organization,
 * address_links.kind 'business'; saving a new one replaces the link. A buyer's saved shipping
 * addresses: any number, kind 'shipping'. Address rows are never changed or deleted once
 * written — orders point at them — so an order keeps where it shipped to.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ADDRESS_LIMITS, type AddressInput, type AddressLink, type SavedAddressInput } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { addressLinks, addresses } from './schema.js';

type AddressRow = typeof addresses.$inferSelect;
type LinkRow = typeof addressLinks.$inferSelect;

function addressValues(input: AddressInput) {
  return {
    firstName: input.first_name || null,
    lastName: input.last_name || null,
    line1: input.line1,
    line2: input.line2 || null,
    city: input.city,
    state: input.state,
    postalCode: input.postal_code,
    country: input.country,
  };
}

function toAddressLink(link: LinkRow, address: AddressRow): AddressLink {
  return {
    id: link.id,
    address: {
      id: address.id,
      first_name: address.firstName,
      last_name: address.lastName,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      postal_code: address.postalCode,
      country: address.country,
    },
    organization: { id: link.organizationId },
    kind: link.kind,
    is_default_shipping: link.isDefaultShipping,
    is_default_billing: link.isDefaultBilling,
  };
}

export async function setBusinessAddress(
  ctx: AppContext,
  organizationId: string,
  input: AddressInput,
): Promise<AddressLink> {
  return ctx.db.transaction(async (tx) => {
    // Two saves at once must not leave two business addresses.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`business-address:${organizationId}`}, 0))`);
    await tx.execute(sql`delete from address_links where organization_id = ${organizationId} and kind = 'business'`);
    const [address] = await tx.insert(addresses).values(addressValues(input)).returning();
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
    return toAddressLink(link!, address!);
  });
}

// ─── A buyer's saved shipping addresses ──────────────────────────────────────────────
/**
 * POST /api/address/organization: saves a shipping address for the organization. The same
 * address saved again (a retried request, a buyer typing it a second time) is the one already
 * saved, not a second card in the list: names and lines compared without case or outer spaces.
 * When it is marked a default, the organization's other addresses lose that mark. Saves of one
 * organization queue on one lock, so two racing saves of one address leave one, and two racing
 * defaults leave one default.
 */
export async function saveOrganizationAddress(ctx: AppContext, input: SavedAddressInput): Promise<AddressLink> {
  const organizationId = input.organization.id;
  const values = addressValues(input.address);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address-defaults:${organizationId}`}, 0))`);
    if (input.is_default_shipping || input.is_default_billing) {
      await tx.execute(sql`
        update address_links
           set is_default_shipping = is_default_shipping and not ${input.is_default_shipping},
               is_default_billing = is_default_billing and not ${input.is_default_billing}
         where organization_id = ${organizationId} and kind = 'shipping'`);
    }
    const same = (column: SQL, value: string | null) => sql`lower(btrim(coalesce(${column}, ''))) = lower(btrim(${value ?? ''}))`;
    const existing = await tx
      .select({ link: addressLinks, address: addresses })
      .from(addressLinks)
      .innerJoin(addresses, sql`${addresses.id} = ${addressLinks.addressId}`)
      .where(
        sql`${addressLinks.organizationId} = ${organizationId} and ${addressLinks.kind} = 'shipping'
            and ${same(sql`${addresses.firstName}`, values.firstName)} and ${same(sql`${addresses.lastName}`, values.lastName)}
            and ${same(sql`${addresses.line1}`, values.line1)} and ${same(sql`${addresses.line2}`, values.line2)}
            and ${same(sql`${addresses.city}`, values.city)} and ${same(sql`${addresses.state}`, values.state)}
            and ${same(sql`${addresses.postalCode}`, values.postalCode)} and ${same(sql`${addresses.country}`, values.country)}`,
      )
      .limit(1);
    if (existing[0]) {
      const { link, address } = existing[0];
      if (!input.is_default_shipping && !input.is_default_billing) return toAddressLink(link, address);
      const [marked] = await tx
        .update(addressLinks)
        .set({
          isDefaultShipping: link.isDefaultShipping || input.is_default_shipping,
          isDefaultBilling: link.isDefaultBilling || input.is_default_billing,
        })
        .where(sql`${addressLinks.id} = ${link.id}`)
        .returning();
      return toAddressLink(marked!, address);
    }
    const [address] = await tx.insert(addresses).values(values).returning();
    const [link] = await tx
      .insert(addressLinks)
      .values({
        addressId: address!.id,
        organizationId,
        kind: 'shipping',
        isDefaultShipping: input.is_default_shipping,
        isDefaultBilling: input.is_default_billing,
      })
      .returning();
    return toAddressLink(link!, address!);
  });
}

/** GET /api/address/organization/{id}: the saved shipping addresses, defaults first, then newest first. */
export async function listOrganizationAddresses(ctx: AppContext, organizationId: string): Promise<AddressLink[]> {
  const result = await ctx.db.execute<{ link: AddressLink }>(sql`
    select json_build_object(
             'id', al.id,
             'address', json_build_object('id', a.id, 'first_name', a.first_name, 'last_name', a.last_name,
                                          'line1', a.line1, 'line2', a.line2, 'city', a.city, 'state', a.state,
                                          'postal_code', a.postal_code, 'country', a.country),
             'organization', json_build_object('id', al.organization_id),
             'kind', al.kind,
             'is_default_shipping', al.is_default_shipping,
             'is_default_billing', al.is_default_billing) as link
      from address_links al join addresses a on a.id = al.address_id
     where al.organization_id = ${organizationId} and al.kind = 'shipping'
     order by al.is_default_shipping desc, al.created_at desc, al.id desc
     limit ${ADDRESS_LIMITS.savedList}`);
  return result.rows.map((r) => r.link);
}
