/**
 * Whose prices a line sheet shows (issue 25 part 1's price lists): the sheet's list, or none —
 * the products' own wholesale prices. The unit prices and the hidden products come from the
 * price-lists fragments inside the sheet's one statement (products/for-line-sheets.ts); here is
 * only the list's name, for the seller's screens and the seller's PDF cover.
 */
import { DomainError } from '../../lib/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { getPriceList } from '../price-lists/service.js';

/** The price list's name when it is one of the seller's lists; undefined when it is not. */
export async function priceListNameOf(db: DbOrTx, sellerId: string, priceListId: string): Promise<string | undefined> {
  try {
    return (await getPriceList(db, sellerId, priceListId)).name;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return undefined;
    throw error;
  }
}
