/**
 * Which prices a line sheet shows: the wholesale price of one unit under the sheet's price list
 * (a null list: the product's own wholesale price), and which products that list hides.
 *
 * SEAM (issue 25 part 1): until the price-lists module exists, every sheet shows the products'
 * own prices and a price_list_id is refused as unknown. When price-lists/sql.ts lands, these
 * three functions switch to its `listUnitPriceSql`, `hiddenFromListSql` and list lookup.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The unit price in cents of products row `alias` under `priceListId` (null: the product's own). */
export function unitPriceUnder(_priceListId: string | null): (alias: string) => SQL {
  return (alias) => sql`${sql.identifier(alias)}.unit_price_in_cents`;
}

/** A boolean: the product whose id is in the SQL is hidden from the list's customers. */
export function hiddenUnder(_priceListId: string | null): (productId: SQL) => SQL {
  return () => sql`false`;
}

/** The price list's name when it is one of the seller's lists; undefined when it is not. */
export async function priceListNameOf(
  _db: DbOrTx,
  _sellerId: string,
  _priceListId: string,
): Promise<string | undefined> {
  return undefined;
}
