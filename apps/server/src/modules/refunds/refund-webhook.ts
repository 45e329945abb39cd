/** order.refunded for the seller's webhooks (outbound-webhooks/), in the transaction that records the refund. */
import type { DbOrTx } from '../../db/client.js';
import { recordOrderWebhook } from '../outbound-webhooks/events.js';
import type { refunds } from './schema.js';

export async function recordRefundWebhook(tx: DbOrTx, refund: typeof refunds.$inferSelect): Promise<void> {
  await recordOrderWebhook(tx, 'order.refunded', refund.sellerOrganizationId, refund.orderId, {
    refund: {
      id: refund.id,
      amount_in_cents: refund.amountCents,
      method: refund.method,
      status: refund.status,
      credit_note_number: refund.creditNoteNumber,
    },
  });
}
