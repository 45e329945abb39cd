/**
 * Price lists (issue 25 part 1): a seller's lists, their fixed prices and hidden products, and
 * the list each customer buys on. Every command is one transaction; those that change what a
 * storefront shows take the seller's catalogue version lock first (products/catalog-version.ts),
 * which bumps it, so no kept storefront page outlives a price it shows, in any process.
 *
 * What a buyer pays is not computed here: products/sql.ts prices every read (grid, product page,
 * quick order, cart, checkout) under the list in force through price-lists/sql.ts.
 */
import { sql } from 'drizzle-orm';
import {
  PRICE_LIST_LIMITS,
  basisPointsToPercent,
  percentToBasisPoints,
  volumeRuleIssues,
  type CustomerPriceList,
  type PriceList,
  type PriceListHiddenInput,
  type PriceListInput,
  type PriceListPatch,
  type PriceListPricesInput,
  type PriceListProductsQuery,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { DomainError, fieldRefusal, notFound, type FieldIssue } from '../../lib/errors.js';
import type { JsonPage } from '../../lib/pagination.js';
import { buysFrom } from '../../auth/access.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { pgErrorCode } from '../products/service.js';
import { priceListProductsPage, sellableFacts } from '../products/price-list-rows.js';

type PriceListRow = {
  id: string;
  name: string;
  percent_off_basis_points: number;
  customer_count: number;
  fixed_price_count: number;
  hidden_product_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toPriceList(r: PriceListRow): PriceList {
  return {
    id: r.id,
    name: r.name,
    percent_off: basisPointsToPercent(r.percent_off_basis_points),
    customer_count: r.customer_count,
    fixed_price_count: r.fixed_price_count,
    hidden_product_count: r.hidden_product_count,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** The seller's lists (or one), with their counts, by name — one statement. */
async function readLists(db: DbOrTx, sellerId: string, listId?: string): Promise<PriceListRow[]> {
  const one = listId === undefined ? sql`` : sql`and l.id = ${listId}`;
  const result = await db.execute<PriceListRow>(sql`
    select l.id, l.name, l.percent_off_basis_points, l.created_at, l.updated_at,
           (select count(*)::int from customer_price_lists c where c.price_list_id = l.id) as customer_count,
           (select count(*)::int from price_list_prices lp where lp.price_list_id = l.id) as fixed_price_count,
           (select count(*)::int from price_list_hidden_products h where h.price_list_id = l.id) as hidden_product_count
      from price_lists l
     where l.organization_id = ${sellerId} ${one}
     order by lower(l.name), l.id`);
  return result.rows;
}

/** GET /api/organization/{org_id}/price_lists. */
export async function listPriceLists(ctx: AppContext, sellerId: string): Promise<PriceList[]> {
  return (await readLists(ctx.db, sellerId)).map(toPriceList);
}

/** GET /api/organization/{org_id}/price_lists/{id} (the policy checked that the list is the seller's). */
export async function getPriceList(db: DbOrTx, sellerId: string, listId: string): Promise<PriceList> {
  const [row] = await readLists(db, sellerId, listId);
  if (!row) throw notFound('Price list');
  return toPriceList(row);
}

const nameTaken = (name: string) =>
  fieldRefusal('conflict', 'price_list_name_taken', 'name', `you already have a price list named "${name}"`);

/** A unique-name violation as the 409 a person can act on; anything else as it was. */
function nameConflict(error: unknown, name: string): unknown {
  const pg = pgErrorCode(error);
  return pg.code === '23505' && pg.constraint === 'price_lists_name_key' ? nameTaken(name) : error;
}

/** POST /api/organization/{org_id}/price_lists: at most PRICE_LIST_LIMITS.lists per seller. */
export async function createPriceList(ctx: AppContext, sellerId: string, input: PriceListInput): Promise<PriceList> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockCatalogVersion(tx, sellerId);
      const count = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from price_lists where organization_id = ${sellerId}`,
      );
      if ((count.rows[0]?.n ?? 0) >= PRICE_LIST_LIMITS.lists) {
        throw new DomainError(
          'conflict',
          'price_list_limit',
          `You have ${PRICE_LIST_LIMITS.lists} price lists, the most a store can have. Delete one first.`,
        );
      }
      const created = await tx.execute<{ id: string }>(sql`
        insert into price_lists (organization_id, name, percent_off_basis_points)
        values (${sellerId}, ${input.name}, ${percentToBasisPoints(input.percent_off)})
        returning id`);
      return getPriceList(tx, sellerId, created.rows[0]!.id);
    });
  } catch (error) {
    throw nameConflict(error, input.name);
  }
}

/** PATCH …/price_lists/{id}: name and/or percentage; the seller's storefront pages are rebuilt. */
export async function updatePriceList(
  ctx: AppContext,
  sellerId: string,
  listId: string,
  patch: PriceListPatch,
): Promise<PriceList> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockCatalogVersion(tx, sellerId);
      await tx.execute(sql`
        update price_lists
           set name = coalesce(${patch.name ?? null}, name),
               percent_off_basis_points = coalesce(${
                 patch.percent_off === undefined ? null : percentToBasisPoints(patch.percent_off)
               }::int, percent_off_basis_points),
               updated_at = now()
         where id = ${listId} and organization_id = ${sellerId}`);
      return getPriceList(tx, sellerId, listId);
    });
  } catch (error) {
    throw nameConflict(error, patch.name ?? '');
  }
}

/** DELETE …/price_lists/{id}: its customers buy at wholesale prices again. */
export async function deletePriceList(ctx: AppContext, sellerId: string, listId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockCatalogVersion(tx, sellerId);
    await tx.execute(sql`delete from price_lists where id = ${listId} and organization_id = ${sellerId}`);
  });
}

/** GET …/price_lists/{id}/products. */
export async function listPriceListProducts(
  ctx: AppContext,
  sellerId: string,
  listId: string,
  query: PriceListProductsQuery,
): Promise<JsonPage> {
  return priceListProductsPage(ctx.db, sellerId, listId, query);
}

const invalid = (issues: FieldIssue[]) =>
  new DomainError('invalid', 'validation_error', `${issues[0]!.path}: ${issues[0]!.message}.`, issues);

/** The list's row locked (and its updated_at bumped) in the command's transaction. */
async function touchList(tx: Tx, sellerId: string, listId: string): Promise<void> {
  const touched = await tx.execute(
    sql`update price_lists set updated_at = now() where id = ${listId} and organization_id = ${sellerId} returning id`,
  );
  if (touched.rows.length === 0) throw notFound('Price list');
}

/**
 * PUT …/price_lists/{id}/prices: sets (or, with null, removes) fixed prices with their breaks,
 * whole per product (breaks not given are removed). Each id must be one of the seller's sellable
 * products (a variant, or a product without options); breaks follow the product's order rules
 * (contract volume-rules.ts) against the fixed price. All or nothing.
 */
export async function setPriceListPrices(
  ctx: AppContext,
  sellerId: string,
  listId: string,
  input: PriceListPricesInput,
): Promise<PriceList> {
  const ids = input.prices.map((p) => p.product_id);
  return ctx.db.transaction(async (tx) => {
    await lockCatalogVersion(tx, sellerId);
    await touchList(tx, sellerId, listId);
    const facts = await sellableFacts(tx, sellerId, ids);
    const issues: FieldIssue[] = [];
    const seen = new Set<string>();
    input.prices.forEach((price, i) => {
      const at = `prices.${i}`;
      const fact = facts.get(price.product_id);
      if (seen.has(price.product_id)) issues.push({ path: `${at}.product_id`, message: 'is named twice' });
      seen.add(price.product_id);
      if (!fact?.found) issues.push({ path: `${at}.product_id`, message: 'is not one of your products' });
      else if (!fact.sellable)
        issues.push({ path: `${at}.product_id`, message: 'is a product with variants: price each variant' });
      else if (price.unit_price_in_cents === null && (price.price_breaks?.length ?? 0) > 0)
        issues.push({ path: `${at}.price_breaks`, message: 'need a fixed price' });
      else if (price.unit_price_in_cents !== null) {
        for (const issue of volumeRuleIssues({
          unit_price_in_cents: price.unit_price_in_cents,
          minimum_order_quantity: fact.minimum_order_quantity,
          order_increment: fact.order_increment,
          price_breaks: price.price_breaks ?? [],
        })) {
          if (issue.path.startsWith('price_breaks')) issues.push({ path: `${at}.${issue.path}`, message: issue.message });
        }
      }
    });
    if (issues.length > 0) throw invalid(issues);
    const set = input.prices.filter((p) => p.unit_price_in_cents !== null);
    await tx.execute(sql`
      delete from price_list_prices where price_list_id = ${listId} and product_id = any(${sql.param(ids)}::uuid[])`);
    if (set.length > 0) {
      await tx.execute(sql`
        insert into price_list_prices (price_list_id, product_id, unit_price_in_cents)
        select ${listId}, v.product_id, v.price
          from unnest(${sql.param(set.map((p) => p.product_id))}::uuid[],
                      ${sql.param(set.map((p) => p.unit_price_in_cents))}::int[]) as v(product_id, price)`);
      const breaks = set.flatMap((p) =>
        (p.price_breaks ?? []).map((b) => ({ product_id: p.product_id, min_quantity: b.min_quantity, price: b.unit_price_in_cents })),
      );
      if (breaks.length > 0) {
        await tx.execute(sql`
          insert into price_list_price_breaks (price_list_id, product_id, min_quantity, unit_price_in_cents)
          select ${listId}, v.product_id, v.min_quantity, v.price
            from json_to_recordset(${JSON.stringify(breaks)}::json) as v(product_id uuid, min_quantity int, price int)`);
      }
    }
    return getPriceList(tx, sellerId, listId);
  });
}

/** PUT …/price_lists/{id}/hidden_products: hides products (with all their variants) from the list's customers, or shows them again. */
export async function setPriceListHiddenProducts(
  ctx: AppContext,
  sellerId: string,
  listId: string,
  input: PriceListHiddenInput,
): Promise<PriceList> {
  const ids = input.products.map((p) => p.product_id);
  return ctx.db.transaction(async (tx) => {
    await lockCatalogVersion(tx, sellerId);
    await touchList(tx, sellerId, listId);
    const facts = await sellableFacts(tx, sellerId, ids);
    const issues: FieldIssue[] = [];
    input.products.forEach((p, i) => {
      const fact = facts.get(p.product_id);
      if (!fact?.found) issues.push({ path: `products.${i}.product_id`, message: 'is not one of your products' });
      else if (!fact.top_level)
        issues.push({ path: `products.${i}.product_id`, message: 'is a variant: hide its product' });
    });
    if (issues.length > 0) throw invalid(issues);
    const hide = input.products.filter((p) => p.hidden).map((p) => p.product_id);
    const show = input.products.filter((p) => !p.hidden).map((p) => p.product_id);
    if (show.length > 0) {
      await tx.execute(sql`
        delete from price_list_hidden_products
         where price_list_id = ${listId} and product_id = any(${sql.param(show)}::uuid[])`);
    }
    if (hide.length > 0) {
      await tx.execute(sql`
        insert into price_list_hidden_products (price_list_id, product_id)
        select ${listId}, id from unnest(${sql.param(hide)}::uuid[]) as i(id)
        on conflict do nothing`);
    }
    return getPriceList(tx, sellerId, listId);
  });
}

/** The list the purchaser buys on from the seller (null: wholesale). */
async function readCustomerList(db: DbOrTx, sellerId: string, purchaserId: string): Promise<CustomerPriceList> {
  const result = await db.execute<{ id: string; name: string; percent_off_basis_points: number }>(sql`
    select l.id, l.name, l.percent_off_basis_points
      from customer_price_lists c join price_lists l on l.id = c.price_list_id
     where c.seller_organization_id = ${sellerId} and c.purchaser_organization_id = ${purchaserId}`);
  const row = result.rows[0];
  return {
    price_list: row ? { id: row.id, name: row.name, percent_off: basisPointsToPercent(row.percent_off_basis_points) } : null,
  };
}

/** GET …/purchasers/{id}/price_list: 404 when the organization does not buy from the seller. */
export async function getCustomerPriceList(ctx: AppContext, sellerId: string, purchaserId: string): Promise<CustomerPriceList> {
  if (!(await buysFrom(ctx.db, purchaserId, sellerId))) throw notFound('Customer');
  return readCustomerList(ctx.db, sellerId, purchaserId);
}

/**
 * PUT …/purchasers/{id}/price_list: puts the customer on one of the seller's lists, or (null)
 * back on wholesale prices. Its open cart is priced under the new list from its next read; a
 * checkout started on the old prices is refused with cart_changed (checkout/snapshot.ts).
 */
export async function setCustomerPriceList(
  ctx: AppContext,
  sellerId: string,
  purchaserId: string,
  listId: string | null,
): Promise<CustomerPriceList> {
  if (!(await buysFrom(ctx.db, purchaserId, sellerId))) throw notFound('Customer');
  return ctx.db.transaction(async (tx) => {
    if (listId === null) {
      await tx.execute(sql`
        delete from customer_price_lists
         where seller_organization_id = ${sellerId} and purchaser_organization_id = ${purchaserId}`);
    } else {
      const written = await tx.execute(sql`
        insert into customer_price_lists (seller_organization_id, purchaser_organization_id, price_list_id)
        select ${sellerId}, ${purchaserId}, l.id from price_lists l where l.id = ${listId} and l.organization_id = ${sellerId}
        on conflict (seller_organization_id, purchaser_organization_id)
        do update set price_list_id = excluded.price_list_id, updated_at = now()
        returning price_list_id`);
      if (written.rows.length === 0) {
        throw fieldRefusal('not_found', 'price_list_not_found', 'price_list_id', 'is not one of your price lists');
      }
    }
    return readCustomerList(tx, sellerId, purchaserId);
  });
}
