/**
 * The quick-order sheet's data (issue 13 item 4): the catalogue as dense rows (keyset pages of
 * `for-sale?view=sheet`, filtered on the server by SKU or name) and many cart lines set in one
 * request (PUT /api/cart/{id}/line_items, also what Order Again uses). The reading of
 * "SKU, quantity" lines pasted from a spreadsheet is bulk-lines.ts.
 *
 * The sheet and a paste ADD to the cart: a typed 12 for a product the cart holds 6 of asks the
 * server for a line of 18. The request carries the resulting quantities (the server sets them),
 * so a retried request cannot add twice.
 */
import { type BulkLine, type Cart, type ProductSheetRow, type SetLineItemsResult } from '@cratebase/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api, ApiError, apiPath } from '../../../lib/api';
import { cartQueryOptions, cartSync, type CartPair } from '../cart/cart-store';
import { useForSalePages } from '../catalog/api';
import { cartKeys, storefrontKeys } from '../../../lib/query-keys';

/** Rows per page: the server's largest page, so a long scroll asks rarely. */
export const SHEET_PAGE_SIZE = 200;

/** GET …/for-sale?view=sheet&limit&q&cursor: the sheet's pages, newest first like the grid. */
export function useSheetRows(orgId: string, q: string) {
  return useForSalePages<ProductSheetRow>(storefrontKeys.sheet(orgId, q), orgId, 'sheet', SHEET_PAGE_SIZE, q);
}

/** The cart's current answer (read first when it was not loaded yet). */
async function currentCart(client: QueryClient, pair: CartPair, fresh: boolean): Promise<Cart> {
  const sync = cartSync(client, pair);
  if (sync.confirmed && !fresh) return sync.confirmed;
  return client.fetchQuery({ ...cartQueryOptions(client, pair), staleTime: 0 });
}

/**
 * Sets many lines of the pair's cart at once; `lines` computes the request from the cart as the
 * server last answered it (so quantities can be added to what it holds). The answer's cart
 * becomes the cache's. A cart checked out meanwhile (in another tab) is read again and the
 * lines computed anew, once.
 */
export async function setCartLines(
  client: QueryClient,
  pair: CartPair,
  lines: (cart: Cart) => BulkLine[],
): Promise<SetLineItemsResult> {
  const send = async (cart: Cart): Promise<SetLineItemsResult> => {
    const wanted = lines(cart);
    // Nothing to change is no request.
    if (wanted.length === 0) return { results: [], cart };
    return api.put<SetLineItemsResult>(apiPath`/api/cart/${cart.id}/line_items`, { lines: wanted });
  };
  let answer: SetLineItemsResult;
  try {
    answer = await send(await currentCart(client, pair, false));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'cart_closed')) throw error;
    answer = await send(await currentCart(client, pair, true));
  }
  const sync = cartSync(client, pair);
  sync.answers += 1;
  sync.confirmed = answer.cart;
  const view = sync.view();
  if (view) client.setQueryData<Cart>(cartKeys.pair(pair.sellerId, pair.buyerId), view);
  sync.notify();
  return answer;
}
