/**
 * The cart's changes (see api.ts): the optimistic cart shown while they are on their way, and
 * the requests, one at a time per product with the latest wanted quantity. Loaded when the first
 * quantity control mounts, so that the storefront's first paint carries only the cart's read.
 */
import {
  checkoutIssues,
  meetsMinimum,
  quantityRuleMessage,
  unitPriceForQuantity,
  type Cart,
  type LineItem,
} from '@cratebase/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api';
import {
  cartQueryOptions,
  cartSync,
  type CartLineProduct,
  type CartPair,
  type CartSync,
  type PendingLine,
} from './cart-store';
import { cartKeys } from '../../../lib/query-keys';

/** The rules of a product as an optimistic line knows them (none: any quantity). */
const rulesOf = (product: Pick<CartLineProduct, 'minimum_order_quantity' | 'order_increment'>) => ({
  minimum_order_quantity: product.minimum_order_quantity ?? 1,
  order_increment: product.order_increment ?? 1,
});

/** A line for a product the server has not answered for yet (ids are replaced by the answer). */
function optimisticLine(product: CartLineProduct, quantity: number): LineItem {
  // The display's mirror of the server's price (volume-rules.ts); the answer replaces it.
  const price = unitPriceForQuantity(product.unit_price_in_cents, product.price_breaks, quantity);
  return {
    id: `pending-${product.id}`,
    quantity,
    product: {
      id: product.id,
      name: product.name,
      parent_product_id: product.parent_product_id ?? null,
      variant_title: product.variant_title ?? null,
      unit_price_in_cents: product.unit_price_in_cents,
      msrp_in_cents: product.msrp_in_cents ?? null,
      // The unit's name is what a line shows; the server's answer brings its id.
      order_unit: product.order_unit ? { id: 0, unit: product.order_unit } : null,
      quantity_per_unit: product.quantity_per_unit ?? null,
      stock_keeping_unit: null,
      media: product.image_url
        ? [{ display_order: 0, product_id: product.id, media: { id: product.id, cloudinary_url: product.image_url } }]
        : [],
      track_inventory: false,
      inventory_count: null,
      ...rulesOf(product),
      price_breaks: product.price_breaks ?? [],
    },
    unit_price_in_cents: price,
    line_total_cents: quantity * price,
    available: true,
    unavailable_reason: null,
    quantity_issue: quantityRuleMessage(quantity, rulesOf(product)),
  };
}

/** The cart with the pending quantities applied; the cart itself when nothing is pending. */
export function withPendingLines(cart: Cart, pending: ReadonlyMap<string, PendingLine>): Cart {
  if (pending.size === 0) return cart;
  const lines: LineItem[] = [];
  const seen = new Set<string>();
  for (const line of cart.line_items) {
    seen.add(line.product.id);
    const change = pending.get(line.product.id);
    if (!change) {
      lines.push(line);
    } else if (change.wanted > 0) {
      // An agreed price (an order the seller wrote) stays whatever the quantity (the server's rule).
      const price = line.agreed
        ? line.unit_price_in_cents
        : unitPriceForQuantity(line.product.unit_price_in_cents, line.product.price_breaks, change.wanted);
      lines.push({
        ...line,
        quantity: change.wanted,
        unit_price_in_cents: price,
        line_total_cents: line.available ? change.wanted * price : 0,
        quantity_issue: quantityRuleMessage(change.wanted, line.product),
      });
    }
  }
  for (const [productId, change] of pending) {
    if (!seen.has(productId) && change.wanted > 0) lines.push(optimisticLine(change.product, change.wanted));
  }
  const available = lines.filter((line) => line.available);
  const itemCount = available.reduce((sum, line) => sum + line.quantity, 0);
  const totalCents = available.reduce((sum, line) => sum + line.line_total_cents, 0);
  // The gate as it will be once the changes land: the server's own rule (contract cart-rules.ts).
  const gate = { lines, itemCount, totalCents, minItems: cart.min_items, minCents: cart.min_cents };
  const issues = checkoutIssues({
    ...gate,
    isPreview: cart.is_preview,
    shippingCents: cart.order.shipping_cost_in_cents ?? null,
  });
  return {
    ...cart,
    line_items: lines,
    item_count: itemCount,
    total_cents: totalCents,
    meets_minimum: meetsMinimum(gate),
    checkout_issues: issues,
    can_checkout: issues.length === 0,
  };
}

/** Puts the server's last answer with the pending changes into the cache and tells the hooks. */
function publish(client: QueryClient, pair: CartPair, sync: CartSync) {
  const view = sync.view();
  if (view) client.setQueryData<Cart>(cartKeys.pair(pair.sellerId, pair.buyerId), view);
  sync.notify();
}

/** One request setting the product's line to `quantity`; undefined when the server holds it already. */
async function sendLine(
  client: QueryClient,
  pair: CartPair,
  sync: CartSync,
  productId: string,
  quantity: number,
): Promise<Cart | undefined> {
  // The cart's id comes from the cart (read first when a tile is clicked before it loaded).
  if (!sync.confirmed) await client.fetchQuery(cartQueryOptions(client, pair));
  const cart = sync.confirmed;
  if (!cart) throw new Error('We could not load your cart. Please try again.');
  const line = cart.line_items.find((candidate) => candidate.product.id === productId);
  if ((line?.quantity ?? 0) === quantity) return undefined;
  if (quantity === 0 && line) {
    // By line id: a product deleted or unpublished since it was added can still be removed.
    return api.delete<Cart>(apiPath`/api/cart/line_item/${line.id}`);
  }
  return api.post<Cart>(apiPath`/api/cart/${cart.id}/line_item`, { product_id: productId, quantity });
}

/** Sends the product's wanted quantity until the server holds the latest one (or refuses). */
async function drain(
  client: QueryClient,
  pair: CartPair,
  sync: CartSync,
  productId: string,
  onError: (error: unknown) => void,
): Promise<void> {
  try {
    for (;;) {
      const change = sync.pending.get(productId);
      if (!change) break;
      const quantity = change.wanted;
      if (sync.inFlight > 0) sync.readAgain = true;
      sync.inFlight += 1;
      let answer: Cart | undefined;
      try {
        answer = await sendLine(client, pair, sync, productId, quantity);
      } finally {
        sync.inFlight -= 1;
      }
      if (answer) {
        sync.answers += 1;
        sync.confirmed = answer;
      }
      if (sync.pending.get(productId)?.wanted === quantity) {
        sync.pending.delete(productId);
        break;
      }
      // The buyer asked for another quantity meanwhile: show this answer under it and send again.
      publish(client, pair, sync);
    }
  } catch (error) {
    // Back to what the server holds for this product; the read below shows why (e.g. stock).
    sync.pending.delete(productId);
    onError(error);
    sync.readAgain = true;
  }
  publish(client, pair, sync);
  if (sync.inFlight === 0 && sync.readAgain) {
    sync.readAgain = false;
    void client.invalidateQueries({ queryKey: cartKeys.pair(pair.sellerId, pair.buyerId) });
  }
}

/**
 * Sets the product's quantity (0 removes the line): the cache shows it at once, and a request
 * goes out unless one for this product is on its way (that one sends the latest quantity when it
 * returns). `onError` gets a refused change, after the product went back to the server's value.
 */
export function setLineQuantity(
  client: QueryClient,
  pair: CartPair,
  product: CartLineProduct,
  quantity: number,
  onError: (error: unknown) => void,
): void {
  const sync = cartSync(client, pair);
  sync.overlay = withPendingLines;
  const wanted = Math.max(0, Math.trunc(quantity));
  const change = sync.pending.get(product.id);
  if (change) {
    change.wanted = wanted;
    change.product = product;
    publish(client, pair, sync);
    return;
  }
  const held = sync.confirmed?.line_items.find((line) => line.product.id === product.id)?.quantity ?? 0;
  if (sync.confirmed && held === wanted) return;
  sync.pending.set(product.id, { wanted, product });
  publish(client, pair, sync);
  void drain(client, pair, sync, product.id, onError);
}
