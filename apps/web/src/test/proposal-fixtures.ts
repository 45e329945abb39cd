// Test support for the screens of orders the seller writes (issue 25 part 2): a proposal as the
// server answers it, priced like the server (the customer's price less the discount, half up),
// and a fetch double that answers each call from a handler that sees its body. Not imported by the app.
import type { CartProduct, ProductVariant, Proposal, ProposalLine } from '@cratebase/contract';
import { ids } from './fixtures';

export const proposalId = '00000000-0000-4000-8000-0000000000d1';
export const mugId = '00000000-0000-4000-8000-0000000000b1';
export const teeMediumId = '00000000-0000-4000-8000-0000000000b2';

export function lineProduct(id: string, name: string, overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id,
    name,
    parent_product_id: null,
    variant_title: null,
    unit_price_in_cents: 1000,
    msrp_in_cents: null,
    order_unit: null,
    stock_keeping_unit: null,
    media: [],
    track_inventory: false,
    inventory_count: null,
    minimum_order_quantity: 1,
    order_increment: 1,
    price_breaks: [],
    ...overrides,
  };
}

export const mug = lineProduct(mugId, 'Mug', {
  stock_keeping_unit: 'MUG-1',
  minimum_order_quantity: 2,
  order_increment: 2,
});
export const teeMedium = lineProduct(teeMediumId, 'Tee — M', {
  stock_keeping_unit: 'TEE-M',
  unit_price_in_cents: 2000,
});

/** A variant as the catalogue search lists it: $20.00, any quantity, available, stock not tracked. */
export function catalogueVariant(id: string, values: string[], overrides: Partial<ProductVariant> = {}): ProductVariant {
  return {
    id,
    title: values.join(' / '),
    option_values: values,
    position: 0,
    stock_keeping_unit: null,
    universal_product_code: null,
    unit_price_in_cents: 2000,
    msrp_in_cents: null,
    weight: null,
    inventory_count: 0,
    track_inventory: false,
    available: true,
    order_increment: 1,
    price_breaks: [],
    own_volume_rules: false,
    media_id: null,
    ...overrides,
  };
}

/** A line at `listed` cents a unit before the discount. */
export function line(product: CartProduct, quantity: number, listed: number, discountPercent: number): ProposalLine {
  const unit = Math.round((listed * (10_000 - discountPercent * 100)) / 10_000);
  return {
    product_id: product.id,
    product,
    quantity,
    listed_unit_price_in_cents: listed,
    unit_price_in_cents: unit,
    line_total_cents: unit * quantity,
    available: true,
    unavailable_reason: null,
    quantity_issue: null,
  };
}

/** A proposal whose totals are always its lines' (every line available). */
export function proposal(overrides: Partial<Proposal> & { lines?: ProposalLine[] } = {}): Proposal {
  const lines = overrides.lines ?? [];
  const subtotal = lines.reduce((s, l) => s + l.listed_unit_price_in_cents * l.quantity, 0);
  const total = lines.reduce((s, l) => s + l.line_total_cents, 0);
  return {
    id: proposalId,
    number: 'P-1001',
    status: 'draft',
    seller_organization: { id: ids.sellerX, name: 'Seller X' },
    purchaser_organization: { id: ids.buyer, name: 'Distributor Co' },
    invite_email: null,
    note: null,
    discount_percent: 0,
    reserve_stock: false,
    reserved_until: null,
    net_terms_days: 0,
    retailer_url: `http://localhost/storefront/${ids.sellerX}/proposals/${proposalId}`,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    sent_at: null,
    accepted_at: null,
    declined_at: null,
    cancelled_at: null,
    decline_reason: null,
    ...overrides,
    lines,
    subtotal_cents: subtotal,
    discount_cents: subtotal - total,
    total_cents: total,
    item_count: lines.reduce((s, l) => s + l.quantity, 0),
  };
}

export interface ApiCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}
type Answer = { status?: number; body?: unknown } | undefined;

/** A fetch double: `handle` answers each call (undefined: 404); every call is kept in `calls`. */
export function apiStub(handle: (call: ApiCall) => Answer) {
  const calls: ApiCall[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const call = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = handle(call) ?? {
      status: 404,
      body: { error: 'not_found', message: `No fake for ${call.method} ${call.path}` },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fn, calls };
}

/** A 400 naming one field, as the server sends it. */
export function badRequest(path: string, message: string) {
  return { status: 400, body: { error: 'bad_request', message: `${path}: ${message}`, issues: [{ path, message }] } };
}
