/**
 * Two production server processes on one PostgreSQL database, both running the webhook sender,
 * and one local receiver: 50 events recorded through both processes arrive exactly once each,
 * one at a time (an endpoint's queue is one delivery in flight across all processes), and each
 * delivery is logged as one successful attempt. Needs the production build and DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { HttpHarness } from '../../../test/support/http-harness.js';
import { startTwoProcesses, type TwoProcesses } from '../../../test/support/two-processes.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { verifyWebhookSignature } from './signing.js';

let cluster: TwoProcesses;
let h: HttpHarness;
let receiver: WebhookReceiver;
/** Requests the receiver holds at this moment, and the most it ever held at once. */
let holding = 0;
let mostAtOnce = 0;

beforeAll(async () => {
  receiver = await startWebhookReceiver((_r, res) => {
    holding += 1;
    mostAtOnce = Math.max(mostAtOnce, holding);
    // A receiver that takes a moment to answer: room for a second process to send meanwhile, were it allowed to.
    setTimeout(() => {
      holding -= 1;
      res.writeHead(200).end('ok');
    }, 15);
  });
  cluster = await startTwoProcesses({
    // Production processes: a loopback receiver only by this opt-in.
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOKS_POLL_INTERVAL_MS: '25',
  });
  h = cluster.h;
});

afterAll(async () => {
  await cluster?.close();
  await receiver?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await h.testDb.database.db.execute(query)).rows as T[];

/**
 * Resolves once `count` deliveries of the endpoint are recorded as ended: the database says so
 * (the other process records its last attempt a moment after the receiver answered it).
 */
async function allSettled(endpointId: string, count: number) {
  for (;;) {
    const [row] = await rows<{ done: number }>(sql`
      select count(*)::int as done from webhook_deliveries
       where endpoint_id = ${endpointId} and status in ('succeeded', 'failed')`);
    if (row!.done >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two processes sending webhooks', () => {
  it('50 events made through both processes reach the receiver exactly once each, one at a time', async () => {
    const seller = await h.newOrgUser('Merchant');
    const created = await h.call('POST', `/api/organization/${seller.orgId}/webhooks`, {
      token: seller.token,
      body: { url: receiver.url('/erp'), events: ['product.created'] },
    });
    expect(created.status).toBe(200);
    const { id: endpointId, secret } = created.body as { id: string; secret: string };

    // 50 products created alternately through each process: each commit records its event
    // there, and both processes' senders race for the deliveries.
    const products = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await h.at(i % 2).call('PUT', '/api/product', {
          token: seller.token,
          body: { organization: { id: seller.orgId }, name: `Crate ${i}`, unit_price_in_cents: 100 + i },
        });
        expect(res.status).toBe(200);
        return res.body.id as string;
      }),
    );
    await receiver.waitFor(50);
    await allSettled(endpointId, 50);

    const ids = receiver.received.map((r) => r.headers['cratebase-event-id']);
    expect(receiver.received).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    expect(receiver.received.map((r) => r.json.data.product_id).sort()).toEqual([...products].sort());
    for (const r of receiver.received) {
      expect(verifyWebhookSignature(secret, r.headers['cratebase-signature'] as string, r.body)).toBe(true);
    }
    expect(mostAtOnce).toBe(1);
    const log = await rows<{ status: string; attempts: number; tries: number }>(sql`
      select d.status, d.attempts, (select count(*)::int from webhook_delivery_attempts a where a.delivery_id = d.id) as tries
        from webhook_deliveries d where d.endpoint_id = ${endpointId}`);
    expect(log).toHaveLength(50);
    expect(log.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.tries === 1)).toBe(true);
    cluster.expectNothingBroke();
  });
});
