/**
 * Carts (spec sections 3, 5 and 7; DECISIONS "The money path"): the open cart of a (seller,
 * purchasing organization) pair, created with its draft order on first read; its lines, one
 * per product, at the product's live price; and the checkout gate the cart answers itself.
 *
 * A cart is read in one statement (lines, products, first photos, the seller's minimums and
 * whether the buyer returns), and a line is written in one statement that checks and writes
 * under the cart row's lock — so racing changes of one cart apply one after the other, and
 * pooled statements stay prepared (transactions are not).
 * Other modules read carts in their own queries through the fragments of sql.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CART_LIMITS,
  applicableMinimum,
  checkoutIssues,
  meetsMinimum,
  quantityProblemMessage,
  formatShipDay,
  preorderClosed,
  type Cart,
  type CartOrder,
  type CartProduct,
  type LineItem,
  type QuantityProblem,
  type SetLineItemBody,
  type SetLineItemsBody,
  type SetLineItemsResult,
  type BulkLineResult,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { compileQuery, runCompiled, type CompiledQuery } from '../../db/compiled-query.js';
import { DomainError, fieldRefusal, notFound } from '../../lib/errors.js';
import { purchasingRelationshipsSql } from '../../auth/access.js';
import { cartProductSql, productForCartSql, productShipWindowSql, sellerProductByIdOrSkuSql } from '../products/sql.js';
import { getLookups } from '../products/lookups.js';
import { createDraftOrder } from '../orders/service.js';
import { cartOrderJsonSql, completedOrdersSql } from '../orders/sql.js';
import { cartPriceListSql, lineUnitPriceSql } from './sql.js';
import { customerPriceListSql } from '../price-lists/sql.js';

/** The price list of the cart `c` in scope: its purchaser's with its seller (price-lists/sql.ts). */
const pairPriceListSql = customerPriceListSql(sql`c.selling_organization_id`, sql`c.purchasing_organization_id`);
import { joinOrderTermsSql } from '../organizations/sql.js';
import { paymentAccountJoinSql } from '../payments/sql.js';

// ─── Reading ─────────────────────────────────────────────────────────────────────────
type CartRow = {
  id: string;
  selling_organization_id: string;
  purchasing_organization_id: string;
  order_json: string | null;
  new_customer_min: number | null;
  returning_customer_min: number | null;
  new_customer_min_cents: number | null;
  returning_customer_min_cents: number | null;
  is_returning: boolean;
  seller_payments_active: boolean;
  lines_json: string;
};

/** A line as the read statement builds it: the product's JSON, its sale state and the line's unit price. */
interface LineRow {
  id: string;
  quantity: number;
  product: CartProduct;
  deleted: boolean;
  live: boolean;
  /**
   * The price of one unit: the price agreed in an accepted proposal, else the listed price at
   * this quantity (products/sql.ts listedUnitPriceAtSql) — lineUnitPriceSql.
   */
  unit_price_in_cents: number;
  /** The unit price was agreed in an accepted proposal (lineUnitPriceSql). */
  agreed: boolean;
  quantity_problem: QuantityProblem | null;
}

/** Lines keep the order they were added in: changing a quantity never moves a line. */
function cartStatement(publicUrl: string, liveStateId: number, where: SQL): SQL {
  return sql`
    select c.id, c.selling_organization_id, c.purchasing_organization_id,
           ${cartOrderJsonSql(sql`c.id`)}::text as order_json,
           t.new_customer_min, t.returning_customer_min, t.new_customer_min_cents, t.returning_customer_min_cents,
           exists (select 1 from ${completedOrdersSql(sql`c.selling_organization_id`, sql`c.purchasing_organization_id`)} done)
             as is_returning,
           coalesce(pa.charges_enabled, false) as seller_payments_active,
           coalesce((
             select json_agg(json_build_object('id', li.id, 'quantity', li.quantity, 'product', cp.product,
                                               'deleted', cp.deleted, 'live', cp.live,
                                               'unit_price_in_cents', ${lineUnitPriceSql(sql`cp.unit_price_in_cents`)},
                                               'agreed', li.agreed_unit_price_in_cents is not null,
                                               'quantity_problem', cp.quantity_problem)
                             order by li.created_at, li.id)
               from line_items li
               cross join lateral ${cartProductSql(pairPriceListSql, publicUrl, liveStateId, sql`li.product_id`, sql`li.quantity`)} cp
              where li.cart_id = c.id), '[]'::json)::text as lines_json
      from carts c
      ${joinOrderTermsSql('t', sql`c.selling_organization_id`)}
      ${paymentAccountJoinSql('pa', sql`c.selling_organization_id`)}
     where ${where}`;
}

/**
 * The two shapes a cart is read by — its id, or its pair's open cart — compiled once per
 * public URL and Live state id (constant in a process) and run with the values: building the
 * statement with drizzle on every line change cost more Node CPU than PostgreSQL spends on it.
 */
const cartStatements = new Map<string, CompiledQuery>();
const BY_ID = sql`c.id = ${sql.placeholder('cartId')}`;
const BY_PAIR = sql`c.selling_organization_id = ${sql.placeholder('sellerId')}
                and c.purchasing_organization_id = ${sql.placeholder('purchaserId')} and c.status = 'open'`;

async function loadCart(
  ctx: AppContext,
  by: { cartId: string } | { sellerId: string; purchaserId: string },
): Promise<CartRow | undefined> {
  const { liveStateId } = await getLookups(ctx.db);
  const byId = 'cartId' in by;
  const key = `${byId ? 'id' : 'pair'}|${liveStateId}|${ctx.config.publicUrl}`;
  let statement = cartStatements.get(key);
  if (!statement) {
    statement = compileQuery(cartStatement(ctx.config.publicUrl, liveStateId, byId ? BY_ID : BY_PAIR));
    cartStatements.set(key, statement);
  }
  const [row] = await runCompiled<CartRow>(ctx.db, statement, by);
  return row;
}

/**
 * Why a line cannot be bought as it is, in words the buyer can act on; null when it can. Also
 * what an order the seller wrote shows of its lines (proposals module).
 */
export function unavailableReason(line: Pick<LineRow, 'deleted' | 'live' | 'product' | 'quantity'>): string | null {
  if (line.deleted) return 'Removed from the catalog';
  if (!line.live) return 'No longer for sale';
  const p = line.product;
  if (p.preorder && preorderClosed(p.preorder)) return `Pre-orders closed ${formatShipDay(p.preorder.order_by)}`;
  if (p.track_inventory && (p.inventory_count ?? 0) < line.quantity) {
    const left = p.inventory_count ?? 0;
    return left <= 0 ? 'Out of stock' : `Only ${left} left`;
  }
  return null;
}

/**
 * The contract Cart: totals and the checkout gate count the available lines only, each at the
 * unit price of its quantity (a volume break's when it reaches one). A line whose quantity no
 * longer keeps the product's order rules is counted but flagged, and stops the checkout.
 */
function toCart(row: CartRow, order: CartOrder): Cart {
  const lines = JSON.parse(row.lines_json) as LineRow[];
  let totalCents = 0;
  let itemCount = 0;
  const lineItems: LineItem[] = lines.map((line) => {
    const reason = unavailableReason(line);
    const lineTotal = reason === null ? line.quantity * line.unit_price_in_cents : 0;
    const quantityIssue =
      reason === null && line.quantity_problem !== null
        ? quantityProblemMessage(line.quantity_problem, line.product)
        : null;
    if (reason === null) {
      totalCents += lineTotal;
      itemCount += line.quantity;
    }
    return {
      id: line.id,
      quantity: line.quantity,
      product: line.product,
      unit_price_in_cents: line.unit_price_in_cents,
      agreed: line.agreed,
      line_total_cents: lineTotal,
      available: reason === null,
      unavailable_reason: reason,
      quantity_issue: quantityIssue,
    };
  });
  const isReturning = row.is_returning;
  const { items: minItems, cents: minCents } = applicableMinimum(row, isReturning);
  const isPreview = row.selling_organization_id === row.purchasing_organization_id;
  // The gate itself is the contract's (cart-rules.ts checkoutIssues), shared with the browser.
  const gate = { lines: lineItems, itemCount, totalCents, minItems, minCents, isPreview };
  const issues = checkoutIssues({ ...gate, shippingCents: order.shipping_cost_in_cents ?? null });
  return {
    id: row.id,
    selling_organization_id: row.selling_organization_id,
    purchasing_organization_id: row.purchasing_organization_id,
    line_items: lineItems,
    total_cents: totalCents,
    item_count: itemCount,
    min_items: minItems,
    min_cents: minCents,
    is_returning: isReturning,
    meets_minimum: meetsMinimum(gate),
    is_preview: isPreview,
    can_checkout: issues.length === 0,
    seller_payments_active: row.seller_payments_active,
    checkout_issues: issues,
    order,
  };
}

/**
 * The cart built from its row; a cart found without its draft order (made before orders were
 * created with carts) gets one first.
 */
async function cartFromRow(ctx: AppContext, row: CartRow, reread: () => Promise<CartRow | undefined>): Promise<Cart> {
  if (row.order_json !== null) return toCart(row, JSON.parse(row.order_json) as CartOrder);
  await createDraftOrder(ctx.db, {
    cartId: row.id,
    sellingOrganizationId: row.selling_organization_id,
    purchasingOrganizationId: row.purchasing_organization_id,
  });
  const again = await reread();
  if (!again?.order_json) throw new Error(`cart ${row.id} has no order after creating its draft order`);
  return toCart(again, JSON.parse(again.order_json) as CartOrder);
}

/** A cart by id (any status): the answer of every line change; the shipping module quotes its available lines. */
export async function readCart(ctx: AppContext, cartId: string): Promise<Cart> {
  const load = () => loadCart(ctx, { cartId });
  const row = await load();
  if (!row) throw notFound('Cart');
  return cartFromRow(ctx, row, load);
}

/**
 * GET /api/cart/selling_organization/{seller}/purchasing_organization/{buyer}: the pair's open
 * cart, opened on first read together with its draft order (one transaction). Two first reads
 * racing insert one cart: the partial unique index "one open cart per pair" makes the second
 * insert wait for the first and then do nothing, and both read the committed cart.
 */
export async function getCartForPair(ctx: AppContext, sellerId: string, purchaserId: string): Promise<Cart> {
  const load = () => loadCart(ctx, { sellerId, purchaserId });
  // A cart closed (checked out) between opening and reading is followed by a new one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await load();
    if (row) return cartFromRow(ctx, row, load);
    await ctx.db.transaction((tx) => insertOpenCart(tx, sellerId, purchaserId));
  }
  throw new Error(`the open cart of seller ${sellerId} and purchaser ${purchaserId} could not be opened`);
}

/**
 * Opens the pair's cart with its draft order and answers its id — or nothing when the pair
 * already has an open cart (the partial unique index makes a racing insert wait, then do nothing).
 */
async function insertOpenCart(tx: DbOrTx, sellerId: string, purchaserId: string): Promise<string | undefined> {
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into carts (selling_organization_id, purchasing_organization_id)
    values (${sellerId}, ${purchaserId})
    on conflict (selling_organization_id, purchasing_organization_id) where status = 'open' do nothing
    returning id`);
  const cartId = inserted.rows[0]?.id;
  if (cartId) await createDraftOrder(tx, { cartId, sellingOrganizationId: sellerId, purchasingOrganizationId: purchaserId });
  return cartId;
}

// ─── Writing ─────────────────────────────────────────────────────────────────────────
/**
 * A select-list item that makes the statement's own (implicit) transaction commit without
 * waiting for its WAL to reach disk. Changes of one cart wait for each other's row lock, and a
 * lock is released only at commit: with the flush inside the lock, a cart took at best one
 * disk flush per change (~3 ms on the benchmark machine, ~300 changes/s however many
 * connections). A cart line is not money — prices and stock are captured when the order is
 * submitted, which commits normally — so the trade is safe: a database crash may lose the last
 * fraction of a second of cart changes, but never leaves anything inconsistent, and every
 * other session sees the change at once as usual.
 */
const commitWithoutWaitingForDisk = sql`set_config('synchronous_commit', 'off', true)`;

const cartClosed = () =>
  new DomainError(
    'conflict',
    'cart_closed',
    'cartId: this cart was checked out (its order was submitted); open the store again to start a new cart.',
    [{ path: 'cartId', message: 'this cart was checked out' }],
  );

/** Why the write statement left the cart as it was (null when it wrote, or had nothing to do). */
type Refusal =
  | 'cart_closed'
  | 'product_not_found'
  | 'product_deleted'
  | 'product_unavailable'
  | 'choose_variant'
  | 'preorder_closed'
  | QuantityProblem
  | 'insufficient_inventory'
  | 'too_many_lines';

type SetLineRow = {
  refusal: Exclude<Refusal, 'too_many_lines'> | null;
  name: string | null;
  inventory_count: number | null;
  minimum_order_quantity: number | null;
  order_increment: number | null;
  written: boolean;
};

/**
 * POST|PUT /api/cart/{cartId}/line_item: sets the line of `product_id` to `quantity` (0 removes
 * it). The product must be the cart's seller's (404 otherwise) and, unless the line is being
 * removed, in the catalogue (409 product_deleted), Live (409 product_unavailable), ordered as
 * its rules say — at least its minimum (409 below_minimum) and in multiples of its order
 * increment (409 not_a_multiple) — and, when its stock is tracked, in stock for the quantity
 * (409 insufficient_inventory). The cart must be
 * open (409 cart_closed) and holds at most CART_LIMITS.lines lines. A refusal changes nothing.
 *
 * One statement: it locks the cart row, checks, then upserts on (cart_id, product_id) or
 * deletes. Racing sets of one cart wait for each other's lock and end with one line holding
 * the quantity of the last one.
 */
export async function setLineItem(ctx: AppContext, cartId: string, body: SetLineItemBody): Promise<Cart> {
  const { liveStateId } = await getLookups(ctx.db);
  let statement = setLineStatements.get(liveStateId);
  if (!statement) {
    statement = compileQuery(setLineStatement(liveStateId));
    setLineStatements.set(liveStateId, statement);
  }
  const [row] = await runCompiled<SetLineRow>(ctx.db, statement, {
    cartId,
    productId: body.product_id,
    quantity: body.quantity,
  });
  if (!row) throw notFound('Cart');
  const refusal: Refusal | null = row.refusal ?? (row.written ? null : 'too_many_lines');
  if (refusal) throw refusalError(refusal, row);
  return readCart(ctx, cartId);
}

/** setLineItem's statement, compiled once per Live state id (constant in a process): cartId, productId, quantity. */
const setLineStatements = new Map<number, CompiledQuery>();

function setLineStatement(liveStateId: number): SQL {
  const q = sql`${sql.placeholder('quantity')}::int`;
  const cartId = sql.placeholder('cartId');
  return sql`
    with target as (
      select c.id as cart_id, p.id as product_id, p.name, p.inventory_count,
             p.minimum_order_quantity, p.order_increment,
             case when c.status <> 'open' then 'cart_closed'
                  when p.id is null or p.organization_id <> c.selling_organization_id or p.hidden then 'product_not_found'
                  when ${q} = 0 then null
                  when p.deleted then 'product_deleted'
                  when p.has_variants then 'choose_variant'
                  when not p.live then 'product_unavailable'
                  when p.preorder_closed then 'preorder_closed'
                  when p.quantity_problem is not null then p.quantity_problem
                  when p.track_inventory and p.inventory_count < ${q} then 'insufficient_inventory'
             end as refusal
        from carts c
        left join lateral ${productForCartSql(pairPriceListSql, liveStateId, sql`${sql.placeholder('productId')}::uuid`, q)} p on true
       where c.id = ${cartId}
         for no key update of c
    ),
    written as (
      insert into line_items (cart_id, product_id, quantity)
      select t.cart_id, t.product_id, ${q}
        from target t
       where t.refusal is null and ${q} > 0
         and (exists (select 1 from line_items x where x.cart_id = t.cart_id and x.product_id = t.product_id)
              or (select count(*) from line_items x where x.cart_id = t.cart_id) < ${CART_LIMITS.lines})
      on conflict (cart_id, product_id) do update set quantity = excluded.quantity
      returning id
    ),
    removed as (
      delete from line_items li
       using target t
       where t.refusal is null and ${q} = 0 and li.cart_id = t.cart_id and li.product_id = t.product_id
      returning li.id
    )
    select t.refusal, t.name, t.inventory_count, t.minimum_order_quantity, t.order_increment,
           exists (select 1 from written) or ${q} = 0 as written,
           ${commitWithoutWaitingForDisk} as commit_mode
      from target t`;
}

/** A refusal's answer: its kind, its code, the field it names and why, in the buyer's words. */
interface RefusalDetail {
  kind: 'not_found' | 'conflict';
  code: string;
  field: 'product_id' | 'quantity';
  message: string;
}

type RefusedProduct = Pick<SetLineRow, 'name' | 'inventory_count' | 'minimum_order_quantity' | 'order_increment'>;

function refusalDetail(refusal: Exclude<Refusal, 'cart_closed'>, row: RefusedProduct): RefusalDetail {
  const name = `"${row.name ?? ''}"`;
  switch (refusal) {
    case 'product_not_found':
      return { kind: 'not_found', code: 'not_found', field: 'product_id', message: 'this store has no product with this id' };
    case 'product_deleted':
      return { kind: 'conflict', code: 'product_deleted', field: 'product_id', message: `${name} was removed from the catalog` };
    case 'product_unavailable':
      return { kind: 'conflict', code: 'product_unavailable', field: 'product_id', message: `${name} is not for sale` };
    case 'choose_variant':
      return {
        kind: 'conflict',
        code: 'choose_variant',
        field: 'product_id',
        message: `${name} is sold by variant: add one of its variants (its id is in the product's variants)`,
      };
    case 'below_minimum':
    case 'not_a_multiple':
      return {
        kind: 'conflict',
        code: refusal,
        field: 'quantity',
        message: quantityProblemMessage(refusal, {
          minimum_order_quantity: row.minimum_order_quantity ?? 1,
          order_increment: row.order_increment ?? 1,
        }),
      };
    case 'insufficient_inventory': {
      const left = row.inventory_count ?? 0;
      return {
        kind: 'conflict',
        code: 'insufficient_inventory',
        field: 'quantity',
        message: left <= 0 ? `${name} is out of stock` : `only ${left} of ${name} left`,
      };
    }
    case 'preorder_closed':
      return {
        kind: 'conflict',
        code: 'preorder_closed',
        field: 'product_id',
        message: `${name} can no longer be pre-ordered: its order deadline has passed`,
      };
    case 'too_many_lines':
      return {
        kind: 'conflict',
        code: 'too_many_lines',
        field: 'product_id',
        message: `a cart holds at most ${CART_LIMITS.lines} different products; remove one to add ${name}`,
      };
  }
}

function refusalError(refusal: Refusal, row: SetLineRow): DomainError {
  if (refusal === 'cart_closed') return cartClosed();
  const detail = refusalDetail(refusal, row);
  return fieldRefusal(detail.kind, detail.code, detail.field, detail.message);
}

// ─── Many lines at once ──────────────────────────────────────────────────────────────
/** A line of a bulk change as the check statement answers it. */
type BulkCheckRow = RefusedProduct & {
  idx: number;
  quantity: number;
  product_id: string | null;
  stock_keeping_unit: string | null;
  /** The cart already has a line of this product. */
  in_cart: boolean;
  /** The first line of the request naming the same product, when this one is a repeat. */
  first_idx: number;
  refusal: Exclude<Refusal, 'cart_closed' | 'too_many_lines'> | 'duplicate_line' | null;
};

/**
 * PUT /api/cart/{cartId}/line_items (issue 13 item 4, the quick-order sheet and a paste of
 * "SKU, quantity" lines): sets many lines at once, each by product id or by its SKU in this
 * store, with the single-line change's rules per line. Lines that keep them are written, the
 * others are refused one by one and change nothing; a product named twice is refused the
 * second time. One transaction under the cart row's lock: racing bulk and single changes of
 * one cart apply one after the other, and the answer is the cart after this change. Setting
 * quantities (not adding) makes a retry harmless. 409 cart_closed when the cart was checked out.
 */
export async function setLineItems(ctx: AppContext, cartId: string, body: SetLineItemsBody): Promise<SetLineItemsResult> {
  const { liveStateId } = await getLookups(ctx.db);
  const input = body.lines.map((line, idx) => ({
    idx,
    product_id: line.product_id ?? null,
    sku: line.stock_keeping_unit ?? null,
    quantity: line.quantity,
  }));
  const results = await ctx.db.transaction(async (tx) => {
    const locked = await tx.execute<{ status: string; seller_id: string; line_count: number }>(sql`
      select c.status, c.selling_organization_id as seller_id,
             (select count(*)::int from line_items li where li.cart_id = c.id) as line_count,
             ${commitWithoutWaitingForDisk} as commit_mode
        from carts c
       where c.id = ${cartId}
         for no key update of c`);
    const cart = locked.rows[0];
    if (!cart) throw notFound('Cart');
    if (cart.status !== 'open') throw cartClosed();
    const q = sql`v.quantity`;
    const checked = await tx.execute<BulkCheckRow>(sql`
      with v as (
        select * from json_to_recordset(${JSON.stringify(input)}::json) as v(idx int, product_id uuid, sku text, quantity int)
      ),
      found as (
        select v.idx, v.quantity, v.sku, p.*
          from v
          left join lateral ${sellerProductByIdOrSkuSql(cart.seller_id, sql`v.product_id`, sql`v.sku`)} m on true
          left join lateral ${productForCartSql(cartPriceListSql(sql`${cartId}::uuid`), liveStateId, sql`m.id`, q)} p on true
      )
      select f.idx, f.quantity, f.id as product_id, f.name, coalesce(f.stock_keeping_unit, f.sku) as stock_keeping_unit,
             f.inventory_count, f.minimum_order_quantity, f.order_increment,
             exists (select 1 from line_items li where li.cart_id = ${cartId} and li.product_id = f.id) as in_cart,
             min(f.idx) over (partition by f.id) as first_idx,
             case when f.id is null or f.hidden then 'product_not_found'
                  when min(f.idx) over (partition by f.id) <> f.idx then 'duplicate_line'
                  when f.quantity = 0 then null
                  when f.deleted then 'product_deleted'
                  when f.has_variants then 'choose_variant'
                  when not f.live then 'product_unavailable'
                  when f.preorder_closed then 'preorder_closed'
                  when f.quantity_problem is not null then f.quantity_problem
                  when f.track_inventory and f.inventory_count < f.quantity then 'insufficient_inventory'
             end as refusal
        from found f
       order by f.idx`);
    return applyBulkLines(tx, cartId, cart.line_count, checked.rows);
  });
  return { results, cart: await readCart(ctx, cartId) };
}

/**
 * Writes the checked lines that keep the rules — removals first, so they make room, then the
 * new lines in request order while the cart has room (a new line's created_at keeps that order
 * in the cart) — and answers every line's result.
 */
async function applyBulkLines(
  tx: DbOrTx,
  cartId: string,
  lineCount: number,
  rows: BulkCheckRow[],
): Promise<BulkLineResult[]> {
  const refusals = new Map<number, RefusalDetail>();
  const removals = rows.filter((r) => r.refusal === null && r.quantity === 0);
  let lines = lineCount - removals.filter((r) => r.in_cart).length;
  const writes: BulkCheckRow[] = [];
  for (const row of rows) {
    if (row.refusal === 'duplicate_line') {
      refusals.set(row.idx, {
        kind: 'conflict',
        code: 'duplicate_line',
        field: 'product_id',
        message: `"${row.name ?? ''}" is already on line ${row.first_idx + 1} of this list`,
      });
    } else if (row.refusal !== null) {
      const detail = refusalDetail(row.refusal, row);
      refusals.set(
        row.idx,
        row.refusal === 'product_not_found' && row.product_id === null && row.stock_keeping_unit !== null
          ? { ...detail, field: 'product_id', message: `this store has no product with SKU "${row.stock_keeping_unit}"` }
          : detail,
      );
    } else if (row.quantity > 0) {
      if (!row.in_cart && lines >= CART_LIMITS.lines) {
        refusals.set(row.idx, refusalDetail('too_many_lines', row));
        continue;
      }
      if (!row.in_cart) lines += 1;
      writes.push(row);
    }
  }
  if (writes.length > 0) {
    await tx.execute(sql`
      insert into line_items (cart_id, product_id, quantity, created_at)
      select ${cartId}, product_id, quantity, now() + ord * interval '1 microsecond'
        from unnest(${sql.param(writes.map((r) => r.product_id))}::uuid[],
                    ${sql.param(writes.map((r) => r.quantity))}::int[]) with ordinality as l(product_id, quantity, ord)
      on conflict (cart_id, product_id) do update set quantity = excluded.quantity`);
  }
  if (removals.length > 0) {
    await tx.execute(sql`
      delete from line_items
       where cart_id = ${cartId} and product_id = any(${sql.param(removals.map((r) => r.product_id))}::uuid[])`);
  }
  return rows.map((row) => {
    const refused = refusals.get(row.idx);
    return {
      index: row.idx,
      product_id: row.product_id,
      name: row.name,
      stock_keeping_unit: row.stock_keeping_unit,
      quantity: row.quantity,
      status: refused ? 'refused' : row.quantity === 0 ? 'removed' : 'set',
      code: refused?.code ?? null,
      message: refused?.message ?? null,
    };
  });
}

/** DELETE /api/cart/line_item/{lineItemId}: removes the line from its (open) cart. */
export async function deleteLineItem(ctx: AppContext, lineItemId: string): Promise<Cart> {
  const result = await ctx.db.execute<{ cart_id: string; status: string }>(sql`
    with target as (
      select c.id as cart_id, c.status
        from carts c
       where c.id = (select li.cart_id from line_items li where li.id = ${lineItemId})
         for no key update of c
    ),
    removed as (
      delete from line_items li
       using target t
       where li.id = ${lineItemId} and li.cart_id = t.cart_id and t.status = 'open'
      returning li.id
    )
    select t.cart_id, t.status, ${commitWithoutWaitingForDisk} as commit_mode from target t`);
  const row = result.rows[0];
  if (!row) throw notFound('Line item');
  if (row.status !== 'open') throw cartClosed();
  return readCart(ctx, row.cart_id);
}

// ─── Access ──────────────────────────────────────────────────────────────────────────
/**
 * A boolean: whether the cart in alias `c` may still be used by its purchasing organization —
 * it buys from the cart's seller, or is the seller (View as Buyer).
 */
const pairAllowedSql = (c: string) => {
  const a = sql.identifier(c);
  return sql`(${a}.purchasing_organization_id = ${a}.selling_organization_id
              or exists (select 1 from ${purchasingRelationshipsSql()} pr
                          where pr.seller_organization_id = ${a}.selling_organization_id
                            and pr.purchaser_organization_id = ${a}.purchasing_organization_id))`;
};

/** The cart's seller and purchasing organization, and whether the pair is allowed (access policies). */
export async function cartPair(
  db: DbOrTx,
  cartId: string,
): Promise<{ sellerId: string; purchaserId: string; allowed: boolean } | undefined> {
  const result = await db.execute<{ seller_id: string; purchaser_id: string; allowed: boolean }>(sql`
    select c.selling_organization_id as seller_id, c.purchasing_organization_id as purchaser_id,
           ${pairAllowedSql('c')} as allowed
      from carts c where c.id = ${cartId}`);
  const row = result.rows[0];
  return row && { sellerId: row.seller_id, purchaserId: row.purchaser_id, allowed: row.allowed };
}

/** The purchasing organization of the line's cart (while the pair is allowed), for access policies. */
export async function lineItemPurchaser(db: DbOrTx, lineItemId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select c.purchasing_organization_id as id
      from line_items li join carts c on c.id = li.cart_id
     where li.id = ${lineItemId} and ${pairAllowedSql('c')}`);
  return result.rows.map((r) => r.id);
}

// ─── Checkout ────────────────────────────────────────────────────────────────────────
/** A cart line as the checkout prices it, from the product as it is now. */
export type CheckoutLine = {
  line_item_id: string;
  product_id: string;
  name: string;
  quantity: number;
  /** One unit at the line's quantity (volume breaks included): what is charged and captured. */
  unit_price_in_cents: number;
  track_inventory: boolean;
  /**
   * The line can be bought: the product is in the catalogue, Live, ordered as its rules say
   * (minimum, increment), and (when tracked) in stock.
   */
  available: boolean;
};

/**
 * Locks the cart row until the transaction ends — no line changes meanwhile — and answers its
 * status and lines (in the order they were added) with their products' live prices at the
 * lines' quantities, or the price agreed in an accepted proposal — the same prices the cart read
 * shows (lineUnitPriceSql).
 */
export async function lockCartForCheckout(
  tx: DbOrTx,
  liveStateId: number,
  cartId: string,
): Promise<{ status: string; lines: CheckoutLine[] } | undefined> {
  const locked = await tx.execute<{ status: string }>(
    sql`select status from carts where id = ${cartId} for no key update`,
  );
  const cart = locked.rows[0];
  if (!cart) return undefined;
  const result = await tx.execute<CheckoutLine>(sql`
    select li.id as line_item_id, p.id as product_id, p.name, li.quantity,
           ${lineUnitPriceSql(sql`p.unit_price_in_cents`)} as unit_price_in_cents, p.track_inventory,
           (not p.deleted and p.live and p.quantity_problem is null and not p.preorder_closed
            and (not p.track_inventory or p.inventory_count >= li.quantity)) as available
      from line_items li
      cross join lateral ${productForCartSql(cartPriceListSql(sql`${cartId}::uuid`), liveStateId, sql`li.product_id`, sql`li.quantity`)} p
     where li.cart_id = ${cartId}
     order by li.created_at, li.id`);
  return { status: cart.status, lines: result.rows };
}

/**
 * The cart's order was submitted: its lines become exactly `lines` (the checkout session's,
 * with the prices paid captured, and each product's pre-order ship window as it is now — issue
 * 25), and the cart closes — the pair's next read opens a new one. Answers the last day of the
 * latest ship window among the lines (null when every line ships now).
 */
export async function closeCartWithLines(
  tx: DbOrTx,
  cartId: string,
  lines: readonly { product_id: string; quantity: number; unit_price_in_cents: number }[],
): Promise<{ latestShipsUntil: string | null }> {
  const products = lines.map((l) => l.product_id);
  await tx.execute(sql`
    delete from line_items where cart_id = ${cartId} and not (product_id = any(${sql.param(products)}::uuid[]))`);
  const written = await tx.execute<{ ships_until: string | null }>(sql`
    insert into line_items (cart_id, product_id, quantity, unit_price_in_cents, ships_from, ships_until)
    select ${cartId}, l.product_id, l.quantity, l.unit_price, w.ships_from, w.ships_until
      from unnest(${sql.param(products)}::uuid[], ${sql.param(lines.map((l) => l.quantity))}::int[],
                  ${sql.param(lines.map((l) => l.unit_price_in_cents))}::int[]) as l(product_id, quantity, unit_price)
      left join lateral ${productShipWindowSql(sql`l.product_id`)} w on true
    on conflict (cart_id, product_id)
    do update set quantity = excluded.quantity, unit_price_in_cents = excluded.unit_price_in_cents,
                  ships_from = excluded.ships_from, ships_until = excluded.ships_until
    returning ships_until::text`);
  await tx.execute(sql`update carts set status = 'ordered', updated_at = now() where id = ${cartId}`);
  const days = written.rows.map((r) => r.ships_until).filter((d): d is string => d !== null);
  return { latestShipsUntil: days.length > 0 ? days.reduce((a, b) => (a > b ? a : b)) : null };
}

// ─── Orders the seller wrote (issue 25 part 2) ───────────────────────────────────────
/** A line of an accepted proposal: the quantity it puts in the cart and the unit price agreed. */
export interface AgreedLine {
  product_id: string;
  quantity: number;
  agreed_unit_price_in_cents: number;
}

/**
 * The retailer accepted an order the seller wrote (proposals module): in the caller's
 * transaction, locks the open cart `cartId` and sets each product's line to the proposal's
 * quantity at the agreed unit price — replacing the quantity of a product already in the cart,
 * new lines after the others in the proposal's order. The caller checked the products (the
 * seller's, for sale, the order rules, stock). 409 cart_closed when the cart was checked out
 * meanwhile; 409 too_many_lines when the cart would hold more than CART_LIMITS.lines lines.
 */
export async function putAgreedLines(tx: DbOrTx, cartId: string, lines: readonly AgreedLine[]): Promise<void> {
  const locked = await tx.execute<{ status: string; line_count: number; new_count: number }>(sql`
    select c.status,
           (select count(*)::int from line_items li where li.cart_id = c.id) as line_count,
           (select count(*)::int from unnest(${sql.param(lines.map((l) => l.product_id))}::uuid[]) n(product_id)
             where not exists (select 1 from line_items li where li.cart_id = c.id and li.product_id = n.product_id)) as new_count
      from carts c
     where c.id = ${cartId}
       for no key update of c`);
  const cart = locked.rows[0];
  if (!cart) throw notFound('Cart');
  if (cart.status !== 'open') throw cartClosed();
  if (cart.line_count + cart.new_count > CART_LIMITS.lines) {
    throw fieldRefusal(
      'conflict',
      'too_many_lines',
      'lines',
      `your cart would hold more than ${CART_LIMITS.lines} different products; remove some to accept this order`,
    );
  }
  if (lines.length === 0) return;
  await tx.execute(sql`
    insert into line_items (cart_id, product_id, quantity, agreed_unit_price_in_cents, created_at)
    select ${cartId}, product_id, quantity, price, now() + ord * interval '1 microsecond'
      from unnest(${sql.param(lines.map((l) => l.product_id))}::uuid[],
                  ${sql.param(lines.map((l) => l.quantity))}::int[],
                  ${sql.param(lines.map((l) => l.agreed_unit_price_in_cents))}::int[]) with ordinality as l(product_id, quantity, price, ord)
    on conflict (cart_id, product_id)
    do update set quantity = excluded.quantity, agreed_unit_price_in_cents = excluded.agreed_unit_price_in_cents`);
}

/**
 * The open cart of the pair, opened (with its draft order) when there is none, in the caller's
 * transaction: its id. For commands that write into a cart in their own transaction.
 */
export async function openCartIdForPair(tx: DbOrTx, sellerId: string, purchaserId: string): Promise<string> {
  const cartId = await insertOpenCart(tx, sellerId, purchaserId);
  if (cartId) return cartId;
  const found = await tx.execute<{ id: string }>(sql`
    select id from carts
     where selling_organization_id = ${sellerId} and purchasing_organization_id = ${purchaserId} and status = 'open'`);
  const id = found.rows[0]?.id;
  if (!id) throw new Error(`the open cart of seller ${sellerId} and purchaser ${purchaserId} could not be opened`);
  return id;
}
