/**
 * Invoices as access-policy resources. An invoice belongs to its order's seller and buyer: the
 * members of either may read it (and get a fresh signed link to its PDF); anyone else gets 404.
 */
import { sql } from 'drizzle-orm';
import type { ResourceRef } from '../../auth/policies.js';
import type { DbOrTx } from '../../db/client.js';
import { orderPartyAt } from '../orders/resources.js';
import { orderPurchaser } from '../orders/service.js';

/** The order an invoice is for, or undefined for an unknown id. */
export async function invoiceOrderId(db: DbOrTx, invoiceId: string): Promise<string | undefined> {
  const result = await db.execute<{ order_id: string }>(sql`select order_id from invoices where id = ${invoiceId}`);
  return result.rows[0]?.order_id;
}

/** An invoice named by id somewhere in the request: its order's seller and buyer (404 for anyone else). */
export function invoiceAt(...at: ResourceRef['at']): ResourceRef {
  const orderParty = orderPartyAt(...at);
  return {
    resource: 'invoice',
    at,
    deny: 404,
    owners: async (db, id, req) => {
      const orderId = await invoiceOrderId(db, id);
      return orderId ? orderParty.owners(db, orderId, req) : [];
    },
  };
}

/** The seller of an invoice (its own column), or nothing for an unknown id. */
async function invoiceSeller(db: DbOrTx, invoiceId: string): Promise<string[]> {
  const result = await db.execute<{ seller: string }>(
    sql`select seller_organization_id as seller from invoices where id = ${invoiceId}`,
  );
  return result.rows.map((r) => r.seller);
}

/** An invoice named somewhere in the request, for its seller only (404 for anyone else). */
export function soldInvoiceAt(...at: ResourceRef['at']): ResourceRef {
  return { resource: 'sold invoice', at, deny: 404, owners: invoiceSeller };
}

/**
 * An invoice named somewhere in the request, for its buyer only — while it buys from the seller
 * (orders/service.ts orderPurchaser) — to pay it (404 for anyone else, the seller included).
 */
export function boughtInvoiceAt(...at: ResourceRef['at']): ResourceRef {
  return {
    resource: 'bought invoice',
    at,
    deny: 404,
    owners: async (db, id) => {
      const orderId = await invoiceOrderId(db, id);
      return orderId ? orderPurchaser(db, orderId) : [];
    },
  };
}
