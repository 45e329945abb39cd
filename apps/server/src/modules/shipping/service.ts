/**
 * Shipping estimates and the buyer's rate choice (checkout step 2, spec sections 3 and 7).
 *
 * GET …/estimates builds the shipping provider's request from the database — the seller's
 * ship-from address and package template, the order's ship-to address, the cart's available
 * lines with their products' weights — quotes it, and stores the rates as the order's current
 * quote (replacing the previous one). Choosing a rate checks it against that stored quote: it
 * must be this order's, not expired, and quoted for the cart and addresses the order has now
 * (the request is rebuilt and its hash compared), so a rate id or amount is never taken from
 * the browser. The chosen rate is written by the orders module, which owns the order row.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  MONEY_LIMITS,
  SHIPPING_ESTIMATES_ERROR,
  dollars,
  type CartOrder,
  type ShippingEstimate,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError, fieldRefusal, notFound, refusal } from '../../lib/errors.js';
import {
  ShippingProviderError,
  ShippingRequestError,
  type DimensionUnit,
  type QuoteRequest,
  type Rate,
  type ShippingItem,
  type WeightUnit,
} from '../../providers/shipping/index.js';
import { businessAddressJoinSql } from '../addresses/sql.js';
import { readCart } from '../carts/service.js';
import { draftOrderRefusal, setOrderShippingRate, type ChosenShippingRate } from '../orders/draft-order.js';
import { orderForShipping, type OrderForShipping } from '../orders/service.js';
import { organizationsSql } from '../organizations/sql.js';
import { shippingPackageTemplate } from '../package-templates/service.js';
import { productWeights } from '../products/for-shipping.js';
import { shippingQuotes } from './schema.js';

/**
 * Something only the seller can fix. The message is the sentence the billing page shows under
 * its "error getting shipping estimates" alert, so it carries no field prefix.
 */
const sellerNotReady = (field: 'origin' | 'package', message: string) =>
  refusal('conflict', 'seller_not_ready', field, message);

const reloadOptions = 'reload the shipping options and choose again';

// ─── The quote request ───────────────────────────────────────────────────────────────
/** The order, refused (409) unless it is a draft of an open cart and not a View as Buyer preview. */
async function draftOrder(ctx: AppContext, orderId: string): Promise<OrderForShipping> {
  const order = await orderForShipping(ctx.db, orderId);
  if (!order) throw notFound('Order');
  const refused = draftOrderRefusal(order);
  if (refused) throw refused;
  return order;
}

type OriginRow = {
  name: string;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
};

/** The seller's name and business (ship-from) address; the address columns are null without one. */
async function sellerOrigin(ctx: AppContext, sellerId: string): Promise<OriginRow | undefined> {
  const result = await ctx.db.execute<OriginRow>(sql`
    select org.name, addr.line1, addr.line2, addr.city, addr.state, addr.postal_code, addr.country
      from ${organizationsSql()} org
      ${businessAddressJoinSql('addr', sql`org.id`)}
     where org.id = ${sellerId}`);
  return result.rows[0];
}

/**
 * What the provider is asked for this order, from the database only. Refuses (409) what the
 * buyer or the seller must fix first: no ship-to address, nothing available to ship, a seller
 * without a ship-from address or a package template.
 */
async function quoteRequestFor(ctx: AppContext, order: OrderForShipping): Promise<QuoteRequest> {
  const shipTo = order.shipping_address;
  if (!shipTo) {
    throw fieldRefusal(
      'conflict',
      'shipping_address_required',
      'shipping_address',
      'choose where the order ships before shipping options can be quoted',
    );
  }
  const sellerId = order.selling_organization_id;
  const [cart, origin, box] = await Promise.all([
    readCart(ctx, order.cart_id),
    sellerOrigin(ctx, sellerId),
    shippingPackageTemplate(ctx, sellerId),
  ]);
  const lines = cart.line_items.filter((l) => l.available);
  if (lines.length === 0) {
    throw fieldRefusal('conflict', 'empty_cart', 'line_items', 'the cart has nothing available to ship; add products first');
  }
  if (!origin?.postal_code) throw sellerNotReady('origin', 'The seller has not added a shipping address yet.');
  if (!box) throw sellerNotReady('package', 'The seller has not added package dimensions yet.');

  const weights = await productWeights(
    ctx.db,
    lines.map((l) => l.product.id),
  );
  const items: ShippingItem[] = lines.map((l) => {
    const w = weights.get(l.product.id);
    return {
      name: l.product.name,
      weight: w?.weight ?? null,
      weight_unit: (w?.weight_unit ?? null) as WeightUnit | null,
      quantity: l.quantity,
    };
  });
  const recipient = [shipTo.first_name, shipTo.last_name].filter(Boolean).join(' ');
  return {
    reference: order.id,
    origin: {
      name: origin.name,
      company: origin.name,
      line1: origin.line1,
      line2: origin.line2,
      city: origin.city,
      state: origin.state,
      postal_code: origin.postal_code,
      country: origin.country ?? 'US',
    },
    destination: {
      name: recipient || null,
      line1: shipTo.line1,
      line2: shipTo.line2,
      city: shipTo.city,
      state: shipTo.state,
      postal_code: shipTo.postal_code,
      country: 'US',
    },
    items,
    package: {
      length: box.length,
      width: box.width,
      height: box.height,
      // The provider checks the unit (one of the seeded lookup list's names).
      dimension_unit: box.dimension_unit as DimensionUnit,
    },
  };
}

/** The request's fingerprint: the same cart, addresses and package give the same hash. */
const requestHash = (request: QuoteRequest) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

// ─── GET /api/shipping/order/{order_id}/estimates ────────────────────────────────────
function toEstimate(rate: Rate): ShippingEstimate {
  return {
    object_id: rate.object_id,
    provider: rate.provider,
    provider_image_200: rate.provider_image_200,
    servicelevel: { name: rate.servicelevel.name, token: rate.servicelevel.token },
    amount: rate.amount,
    amount_cents: rate.amount_cents,
    currency: rate.currency,
    estimated_days: rate.estimated_days,
    duration_terms: rate.duration_terms,
    attributes: rate.attributes,
  };
}

/**
 * Quotes the order and stores the rates as its current quote. The provider's request errors
 * are the buyer's or seller's to fix (409 naming the field); the provider failing is a 502.
 */
export async function getEstimates(ctx: AppContext, orderId: string): Promise<ShippingEstimate[]> {
  const order = await draftOrder(ctx, orderId);
  const request = await quoteRequestFor(ctx, order);
  const provider = ctx.providers.shipping;
  let quote;
  try {
    quote = await provider.quote(request);
  } catch (err) {
    if (err instanceof ShippingRequestError) {
      const seller = err.field === 'origin' || err.field.startsWith('origin.') || err.field.startsWith('package');
      if (seller) throw sellerNotReady(err.field.startsWith('package') ? 'package' : 'origin', err.message);
      throw fieldRefusal('conflict', err.code, err.field, err.message);
    }
    if (err instanceof ShippingProviderError) {
      throw new DomainError('bad_gateway', 'shipping_provider_error', SHIPPING_ESTIMATES_ERROR, [
        { path: 'provider', message: err.message },
      ]);
    }
    throw err;
  }

  // A rate above what one order may cost (goods and shipping, contract money-rules.ts, decision
  // 007) could never be paid, nor kept in its column: it is left out, and a quote of only such
  // rates is the buyer's to fix (a smaller order), not a server error.
  const payable = quote.rates.filter((r) => r.amount_cents <= MONEY_LIMITS.orderTotalCents);
  if (quote.rates.length > 0 && payable.length === 0) {
    throw fieldRefusal(
      'conflict',
      'order_too_large',
      'cart',
      `shipping this order would cost more than the ${dollars(MONEY_LIMITS.orderTotalCents)} one order may cost; split it into smaller orders`,
    );
  }
  // One row per rate id (a provider repeating an id keeps its first, cheapest, rate).
  const seen = new Set<string>();
  const rates = payable.filter((r) => !seen.has(r.object_id) && seen.add(r.object_id));
  const hash = requestHash(request);
  const expiresAt = new Date(quote.expires_at);
  await ctx.db.transaction(async (tx) => {
    // Two quotes of one order at once replace each other whole, one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shipping-quote:${orderId}`}, 0))`);
    await tx.delete(shippingQuotes).where(eq(shippingQuotes.orderId, orderId));
    if (rates.length === 0) return;
    await tx.insert(shippingQuotes).values(
      rates.map((r, position) => ({
        orderId,
        rateId: r.object_id,
        provider: provider.name,
        carrier: r.provider,
        serviceLevelToken: r.servicelevel.token,
        serviceLevelName: r.servicelevel.name,
        amountCents: r.amount_cents,
        position,
        requestHash: hash,
        expiresAt,
      })),
    );
  });
  return rates.map(toEstimate);
}

// ─── POST …/rate and …/rate-type ────────────────────────────────────────────────────
type QuotedRate = {
  rate_id: string;
  provider: string;
  carrier: string;
  service_level_token: string;
  amount_cents: number;
  request_hash: string;
  expired: boolean;
};

const quotedRateColumns = sql`rate_id, provider, carrier, service_level_token, amount_cents, request_hash,
  expires_at <= now() as expired`;

/**
 * Writes the stored rate on the order once it is known to be current: not expired, and quoted
 * for the cart and addresses the order has now.
 */
async function chooseQuotedRate(
  ctx: AppContext,
  order: OrderForShipping,
  rate: QuotedRate,
  field: string,
): Promise<CartOrder> {
  if (rate.expired) throw fieldRefusal('conflict', 'quote_expired', field, `these shipping options expired; ${reloadOptions}`);
  const request = await quoteRequestFor(ctx, order);
  const stale = () =>
    fieldRefusal(
      'conflict',
      'quote_stale',
      field,
      `the cart or an address changed since these options were quoted; ${reloadOptions}`,
    );
  if (requestHash(request) !== rate.request_hash) throw stale();
  return setOrderShippingRate(
    ctx,
    order.id,
    {
      provider: rate.provider,
      rateId: rate.rate_id,
      carrier: rate.carrier,
      serviceLevel: rate.service_level_token,
      costCents: rate.amount_cents,
    },
    order.shipping_address_id!,
    stale,
  );
}

/** POST /api/shipping/order/{order_id}/rate: one of the order's current estimates, by object_id. */
export async function chooseRate(ctx: AppContext, orderId: string, rateId: string): Promise<CartOrder> {
  const order = await draftOrder(ctx, orderId);
  const result = await ctx.db.execute<QuotedRate>(sql`
    select ${quotedRateColumns} from shipping_quotes where order_id = ${orderId} and rate_id = ${rateId}`);
  const rate = result.rows[0];
  if (!rate) {
    throw fieldRefusal('not_found', 'not_found', 'rate_id', `this order has no shipping option with this id; ${reloadOptions}`);
  }
  return chooseQuotedRate(ctx, order, rate, 'rate_id');
}

/**
 * POST /api/shipping/order/{order_id}/rate-type: the order's current estimate of one carrier
 * (`provider`, any case) and service level.
 */
export async function chooseRateType(
  ctx: AppContext,
  orderId: string,
  body: { service_level_token: string; provider: string },
): Promise<CartOrder> {
  const order = await draftOrder(ctx, orderId);
  const result = await ctx.db.execute<QuotedRate>(sql`
    select ${quotedRateColumns}
      from shipping_quotes
     where order_id = ${orderId} and lower(carrier) = lower(${body.provider})
       and service_level_token = ${body.service_level_token}
     order by position
     limit 1`);
  const rate = result.rows[0];
  if (!rate) {
    throw fieldRefusal(
      'not_found',
      'not_found',
      'service_level_token',
      `this order has no ${body.provider} shipping option "${body.service_level_token}"; ${reloadOptions}`,
    );
  }
  return chooseQuotedRate(ctx, order, rate, 'service_level_token');
}

// ─── For payment ─────────────────────────────────────────────────────────────────────
/** The order's chosen rate as the checkout charges it, with the address it was quoted for. */
export type CurrentShippingRate = ChosenShippingRate & { addressId: string; serviceLevelName: string };

/**
 * The order's chosen shipping rate, checked to be current before the buyer pays: one of the
 * order's stored estimates, not expired, quoted for the cart and addresses the order has now.
 * Refuses (409 naming `shipping`) otherwise, with what the buyer does next.
 */
export async function currentShippingRate(ctx: AppContext, orderId: string): Promise<CurrentShippingRate> {
  const order = await draftOrder(ctx, orderId);
  if (!order.shipping_address_id) {
    throw fieldRefusal('conflict', 'shipping_address_required', 'shipping_address', 'choose where the order ships first');
  }
  const result = order.provider_rate_id
    ? await ctx.db.execute<QuotedRate & { service_level_name: string }>(sql`
        select ${quotedRateColumns}, service_level_name from shipping_quotes
         where order_id = ${orderId} and rate_id = ${order.provider_rate_id}`)
    : { rows: [] };
  const rate = result.rows[0];
  if (!rate) throw fieldRefusal('conflict', 'shipping_required', 'shipping', `choose a shipping option first; ${reloadOptions}`);
  if (rate.expired) throw fieldRefusal('conflict', 'quote_expired', 'shipping', `the shipping options expired; ${reloadOptions}`);
  const request = await quoteRequestFor(ctx, order);
  if (requestHash(request) !== rate.request_hash) {
    throw fieldRefusal('conflict', 'quote_stale', 'shipping', `the cart or an address changed since shipping was quoted; ${reloadOptions}`);
  }
  return {
    provider: rate.provider,
    rateId: rate.rate_id,
    carrier: rate.carrier,
    serviceLevel: rate.service_level_token,
    serviceLevelName: rate.service_level_name,
    costCents: rate.amount_cents,
    addressId: order.shipping_address_id,
  };
}
