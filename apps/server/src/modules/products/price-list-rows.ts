/**
 * What the price-lists module reads of the catalogue (issue 25 part 1): a seller's products as
 * the price list editor shows them — each with its sellable rows (its variants, or itself), their
 * wholesale prices and the list's prices — and the facts a list's command checks product ids
 * against. The list's own tables are read through price-lists/sql.ts fragments.
 */
import { sql } from 'drizzle-orm';
import type { PriceListProductsQuery } from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import { beforeCursor, containsPattern, decodeCursor, keysetTimestamp, limitPlusOne, takePage, type JsonPage } from '../../lib/pagination.js';
import { hiddenFromListSql, listBreaksJsonSql, listFixedPriceSql, priceListByIdSql } from '../price-lists/sql.js';
import { productSearchSql } from './service.js';
import { listedUnitPriceSql, priceBreaksJsonSql } from './sql.js';

/** A sellable row of alias `v` as contract PriceListRow, under the list `pl`. */
function rowJsonSql(v: string) {
  const a = sql.identifier(v);
  return sql`json_build_object(
    'product_id', ${a}.id,
    'variant_title', case when ${a}.parent_id is not null then array_to_string(${a}.option_values, ' / ') end,
    'stock_keeping_unit', ${a}.stock_keeping_unit,
    'wholesale_price_in_cents', ${a}.unit_price_in_cents,
    'wholesale_price_breaks', ${priceBreaksJsonSql(v)},
    'fixed_price_in_cents', ${listFixedPriceSql('pl', sql`${a}.id`)},
    'fixed_price_breaks', ${listBreaksJsonSql('pl', sql`${a}.id`)},
    'list_price_in_cents', ${listedUnitPriceSql('pl', v)})`;
}

/**
 * GET …/price_lists/{id}/products: the seller's products not removed, newest first (the
 * merchant list's order and index), `q` on name or SKU, each with its sellable rows under the
 * list — one statement a page.
 */
export async function priceListProductsPage(
  db: DbOrTx,
  sellerId: string,
  listId: string,
  query: PriceListProductsQuery,
): Promise<JsonPage> {
  const limit = query.limit ?? 25;
  const cursor = decodeCursor(query.cursor);
  const q = query.q ? sql`and ${productSearchSql(containsPattern(query.q))}` : sql``;
  const result = await db.execute<{ id: string; keyset_at: string; doc: string }>(sql`
    select p.id, ${keysetTimestamp(sql`p.created_at`)} as keyset_at,
           json_build_object(
             'id', p.id, 'name', p.name, 'stock_keeping_unit', p.stock_keeping_unit,
             'hidden', ${hiddenFromListSql('pl', sql`p.id`)},
             'rows', case when p.options is null then json_build_array(${rowJsonSql('p')})
                          else coalesce((select json_agg(${rowJsonSql('v')} order by v.variant_position, v.id)
                                           from products v where v.parent_id = p.id and v.deleted_at is null), '[]'::json) end
           )::text as doc
      from products p
      cross join lateral ${priceListByIdSql(sql`${listId}::uuid`)} pl
     where p.organization_id = ${sellerId} and p.deleted_at is null and p.parent_id is null
       ${q}
       ${beforeCursor(sql`p.created_at`, sql`p.id`, cursor)}
     order by p.created_at desc nulls last, p.id desc nulls last
     ${limitPlusOne(limit)}`);
  const page = takePage(result.rows, limit);
  return { json: `[${page.rows.map((r) => r.doc).join(',')}]`, nextCursor: page.nextCursor };
}

/** What a price list's command checks a product id against (see sellableFacts). */
export type SellableFacts = {
  id: string;
  /** The seller's, not removed. */
  found: boolean;
  /** A variant or a product without options: it can have a price. */
  sellable: boolean;
  /** A product (not a variant): it can be hidden. */
  top_level: boolean;
  minimum_order_quantity: number;
  order_increment: number;
};

/** The facts of each id among the seller's products (an id not the seller's is `found: false`). */
export async function sellableFacts(db: DbOrTx, sellerId: string, ids: readonly string[]): Promise<Map<string, SellableFacts>> {
  const result = await db.execute<SellableFacts>(sql`
    select i.id, p.id is not null as found,
           coalesce(p.options is null, false) as sellable, coalesce(p.parent_id is null, false) as top_level,
           coalesce(p.minimum_order_quantity, 1) as minimum_order_quantity, coalesce(p.order_increment, 1) as order_increment
      from unnest(${sql.param([...ids])}::uuid[]) as i(id)
      left join products p on p.id = i.id and p.organization_id = ${sellerId} and p.deleted_at is null`);
  return new Map(result.rows.map((r) => [r.id, r]));
}
