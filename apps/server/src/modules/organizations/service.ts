/**
 * Organizations: create (the caller becomes a member), read with terms and set-up flags,
 * update name/slogan/terms, order terms, onboarding status.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  CreateOrganizationBody,
  OnboardingStatus,
  Organization,
  OrderTerms,
  UpdateOrganizationBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { organizations } from './schema.js';
import { notFound } from '../../lib/errors.js';
import { addMember, hasPurchasersSql, type Role } from '../../auth/access.js';
import { toImageSet, type ImageSetRow } from '../media/service.js';
import { imageSetColumns, imageSetJoins } from '../media/sql.js';
import { businessAddressJoinSql } from '../addresses/sql.js';
import { paymentAccountJoinSql } from '../payments/sql.js';

/** The organization's name (null for an unknown id). */
export async function organizationName(db: DbOrTx, id: string): Promise<string | null> {
  const result = await db.execute<{ name: string }>(sql`select name from organizations where id = ${id}`);
  return result.rows[0]?.name ?? null;
}

type OrganizationRow = ImageSetRow & {
  id: string;
  name: string;
  slogan: string | null;
  selected_type: 'Merchant' | 'Buyer';
  new_customer_min: number | null;
  returning_customer_min: number | null;
  new_customer_min_cents: number | null;
  returning_customer_min_cents: number | null;
  product_count: number;
  has_customers: boolean;
  charges_enabled: boolean | null;
  details_submitted: boolean | null;
  address_id: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
};

/** Payment-account state as the spec names it: `active` means payments are ready. */
export function stripeConnectStatus(chargesEnabled: boolean | null, detailsSubmitted: boolean | null): string | null {
  if (chargesEnabled === null) return null;
  if (chargesEnabled) return 'active';
  return detailsSubmitted ? 'pending_review' : 'onboarding';
}

function toOrderTerms(r: OrganizationRow): OrderTerms {
  return {
    new_customer_min: r.new_customer_min,
    returning_customer_min: r.returning_customer_min,
    new_customer_min_cents: r.new_customer_min_cents,
    returning_customer_min_cents: r.returning_customer_min_cents,
  };
}

/** What an organization's members read: every field, set-up flags included. */
type MemberOrganization = Required<Organization>;

function toOrganization(publicUrl: string, r: OrganizationRow): MemberOrganization {
  const status = stripeConnectStatus(r.charges_enabled, r.details_submitted);
  const terms = toOrderTerms(r);
  return {
    id: r.id,
    name: r.name,
    slogan: r.slogan,
    selected_type: r.selected_type,
    address: r.address_id
      ? {
          id: r.address_id,
          line1: r.line1!,
          line2: r.line2,
          city: r.city!,
          state: r.state!,
          postal_code: r.postal_code!,
          country: r.country!,
        }
      : null,
    order_terms: terms,
    stripe_connect_status: status,
    has_description: Boolean(r.slogan && r.slogan.trim()),
    has_splash_image: Boolean(r.splash_id),
    has_stripe_connect: status === 'active',
    has_payment_info: status === 'active',
    has_wholesale_terms: Object.values(terms).some((v) => v !== null),
    has_customers: r.has_customers,
    has_address: Boolean(r.address_id),
    product_count: r.product_count,
    image_set: toImageSet(publicUrl, r.id, r),
  };
}

/** One query: the organization, its terms, image set, business address and set-up flags. */
async function loadOrganizationRow(ctx: AppContext, id: string): Promise<OrganizationRow | undefined> {
  const result = await ctx.db.execute<OrganizationRow>(sql`
    select o.id, o.name, o.slogan, o.selected_type,
           o.new_customer_min, o.returning_customer_min, o.new_customer_min_cents, o.returning_customer_min_cents,
           o.product_count,
           ${hasPurchasersSql(sql`o.id`)} as has_customers,
           pa.charges_enabled, pa.details_submitted,
           addr.id as address_id, addr.line1, addr.line2, addr.city, addr.state, addr.postal_code, addr.country,
           ${imageSetColumns}
      from organizations o
      ${paymentAccountJoinSql('pa', sql`o.id`)}
      ${imageSetJoins(sql.raw('o.id'))}
      ${businessAddressJoinSql('addr', sql`o.id`)}
     where o.id = ${id}`);
  return result.rows[0];
}

export async function getOrganization(ctx: AppContext, id: string): Promise<MemberOrganization> {
  const row = await loadOrganizationRow(ctx, id);
  if (!row) throw notFound('Organization');
  return toOrganization(ctx.config.publicUrl, row);
}

/**
 * GET /api/organization/{id}, for its members and its purchasers' members (the route's policy
 * checked which). Members read everything; a purchaser reads the seller's public face — name,
 * slogan, type, order terms and images — without its address, payment status, product count
 * or set-up flags.
 */
export async function getOrganizationForViewer(
  ctx: AppContext,
  id: string,
  role: Role | undefined,
): Promise<Organization> {
  const o = await getOrganization(ctx, id);
  if (role === 'member') return o;
  return {
    id: o.id,
    name: o.name,
    slogan: o.slogan,
    selected_type: o.selected_type,
    address: null,
    order_terms: o.order_terms,
    image_set: o.image_set,
  };
}

/**
 * Inside the transaction that creates an organization (onboarding/create-organization.ts): the
 * organization, with `userId` as its owner. Returns its id.
 */
export async function insertOrganization(tx: DbOrTx, userId: string, input: CreateOrganizationBody): Promise<string> {
  const [org] = await tx
    .insert(organizations)
    .values({
      name: input.name,
      selectedType: input.selected_type,
      createdByUserId: userId,
      termsAcceptedAt: input.terms_accepted === false ? null : new Date(),
      transactionalEmails: input.transactional_emails ?? true,
    })
    .returning({ id: organizations.id });
  await addMember(tx, userId, org!.id, 'owner');
  return org!.id;
}

export async function updateOrganization(
  ctx: AppContext,
  id: string,
  input: UpdateOrganizationBody,
): Promise<Organization> {
  const set: Partial<typeof organizations.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.slogan !== undefined) set.slogan = input.slogan === '' ? null : input.slogan;
  const t = input.order_terms;
  if (t) {
    if (t.new_customer_min !== undefined) set.newCustomerMin = t.new_customer_min;
    if (t.returning_customer_min !== undefined) set.returningCustomerMin = t.returning_customer_min;
    if (t.new_customer_min_cents !== undefined) set.newCustomerMinCents = t.new_customer_min_cents;
    if (t.returning_customer_min_cents !== undefined) set.returningCustomerMinCents = t.returning_customer_min_cents;
  }
  if (Object.keys(set).length > 0) {
    const updated = await ctx.db
      .update(organizations)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning({ id: organizations.id });
    if (updated.length === 0) throw notFound('Organization');
  }
  return getOrganization(ctx, id);
}

export async function getOrderTerms(ctx: AppContext, id: string): Promise<OrderTerms> {
  const [row] = await ctx.db
    .select({
      new_customer_min: organizations.newCustomerMin,
      returning_customer_min: organizations.returningCustomerMin,
      new_customer_min_cents: organizations.newCustomerMinCents,
      returning_customer_min_cents: organizations.returningCustomerMinCents,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  if (!row) throw notFound('Organization');
  return row;
}

/** GET /api/organization/{org_id}/order-settings (issue 23): how long buyers may cancel an order themselves. */
export async function getOrderSettings(db: DbOrTx, id: string): Promise<{ buyer_cancel_hours: number }> {
  const [row] = await db
    .select({ buyer_cancel_hours: organizations.buyerCancelHours })
    .from(organizations)
    .where(eq(organizations.id, id));
  if (!row) throw notFound('Organization');
  return row;
}

/** PUT /api/organization/{org_id}/order-settings: applies to placed orders at once (their window is computed). */
export async function setOrderSettings(
  db: DbOrTx,
  id: string,
  settings: { buyer_cancel_hours: number },
): Promise<{ buyer_cancel_hours: number }> {
  await db
    .update(organizations)
    .set({ buyerCancelHours: settings.buyer_cancel_hours, updatedAt: new Date() })
    .where(eq(organizations.id, id));
  return getOrderSettings(db, id);
}

export async function getOnboardingStatus(ctx: AppContext, id: string): Promise<OnboardingStatus> {
  const o = await getOrganization(ctx, id);
  return {
    has_description: o.has_description,
    has_splash_image: o.has_splash_image,
    has_payment_info: o.has_payment_info,
    has_address: o.has_address,
    product_count: o.product_count,
    has_wholesale_terms: o.has_wholesale_terms,
    has_customers: o.has_customers,
  };
}
