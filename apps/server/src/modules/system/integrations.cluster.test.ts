/**
 * Issue 26's "done when", on two production server processes behind one origin (every request
 * alternates between them): a seller's other systems at work. A local receiver gets a signed
 * `order.placed` after a checkout and `order.shipped` after an API key posts the shipment, each
 * exactly once although both processes run the webhook sender; the key reads the order; a bulk
 * stock update of 5,000 SKUs through the key shows on the retailer's storefront at once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CheckoutSession, TEST_CARDS } from '@cratebase/contract';
import { startTwoProcesses, type TwoProcesses } from '../../../test/support/two-processes.js';
import { atPayment, createSession, customerOf, liveProduct, ok, payWith, readySeller } from '../../../test/support/checkout.js';
import { verifyWebhookSignature } from '../outbound-webhooks/signing.js';

interface Received {
  type: string;
  eventId: string;
  signature: string;
  raw: string;
  body: { id: string; type: string; organization_id: string; data: Record<string, any> };
}

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps what it got, in order. */
class Receiver {
  readonly got: Received[] = [];
  private waiters: (() => boolean)[] = [];
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        this.got.push({
          type: String(req.headers['cratebase-event-type']),
          eventId: String(req.headers['cratebase-event-id']),
          signature: String(req.headers['cratebase-signature']),
          raw,
          body: JSON.parse(raw),
        });
        res.writeHead(200).end('ok');
        this.waiters = this.waiters.filter((settled) => !settled());
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** The deliveries that match, as soon as there are `count` of them (or already are). */
  received(match: (r: Received) => boolean, count = 1): Promise<Received[]> {
    return new Promise((resolve) => {
      const settled = () => {
        const found = this.got.filter(match);
        if (found.length < count) return false;
        resolve(found);
        return true;
      };
      if (!settled()) this.waiters.push(settled);
    });
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let cluster: TwoProcesses;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  // Production processes refuse private receivers unless told otherwise; this one is local.
  cluster = await startTwoProcesses({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_POLL_INTERVAL_MS: '200' });
});

afterAll(async () => {
  await cluster?.close();
  await receiver.close();
});

describe('a seller’s other systems, across two processes', () => {
  it('gets signed order.placed and order.shipped once each, ships through a key, and syncs 5,000 SKUs to the storefront', async () => {
    const h = cluster.h;
    const seller = await readySeller(h);
    const buyer = await customerOf(h, seller);
    const jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });

    const endpoint = await ok(
      h.call('POST', `/api/organization/${seller.orgId}/webhooks`, {
        token: seller.token,
        body: { url: receiver.url, description: 'Order desk', events: ['order.placed', 'order.shipped', 'inventory.changed'] },
      }),
    );
    const { token: key } = await ok(
      h.call('POST', `/api/organization/${seller.orgId}/api_keys`, {
        token: seller.token,
        body: { name: 'Warehouse', scopes: ['orders:read', 'fulfillment:write', 'inventory:write'] },
      }),
    );

    // The retailer pays by card; the receiver hears of the order, signed with the endpoint's secret.
    const { cart } = await atPayment(h, seller, buyer, { [jam]: 4 });
    const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
    await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));
    const [placed] = await receiver.received((r) => r.type === 'order.placed' && r.body.data.order_id === cart.order.id);
    expect(verifyWebhookSignature(endpoint.secret, placed!.signature, placed!.raw)).toBe(true);
    expect(verifyWebhookSignature('whsec_not_it', placed!.signature, placed!.raw)).toBe(false);
    expect(placed!.body.organization_id).toBe(seller.orgId);
    expect(placed!.body.data.purchaser.id).toBe(buyer.orgId);

    // The warehouse reads the order with its key and ships it.
    const order = await ok(h.call('GET', `/api/order/${cart.order.id}`, { token: key }));
    expect(order.state).toBe('placed');
    const shipped = await ok(
      h.call('POST', `/api/organization/${seller.orgId}/orders/${cart.order.id}/shipments`, {
        token: key,
        headers: { 'idempotency-key': `ship-${cart.order.id}` },
        body: { carrier: 'UPS', tracking_number: '1Z999AA10123456784', lines: [{ line_item_id: cart.line_items[0]!.id, quantity: 4 }] },
      }),
    );
    expect(shipped.state).toBe('shipped');
    const [shippedEvent] = await receiver.received((r) => r.type === 'order.shipped' && r.body.data.order_id === cart.order.id);
    expect(shippedEvent!.body.data.shipment.tracking_number).toBe('1Z999AA10123456784');
    expect(verifyWebhookSignature(endpoint.secret, shippedEvent!.signature, shippedEvent!.raw)).toBe(true);

    // 5,000 more products (written straight to the database, as a big catalogue would be), then
    // their stock in one request through the key.
    await h.testDb.database.db.execute(sql`
      insert into products (organization_id, name, stock_keeping_unit, state_id, unit_price_in_cents)
      select ${seller.orgId}::uuid, 'Bulk ' || g, 'BULK-' || g, (select id from product_states where state = 'Live'), 700
        from generate_series(1, 5000) g`);
    const items = Array.from({ length: 5000 }, (_, i) => ({ sku: `BULK-${i + 1}`, inventory_count: (i % 50) + 1 }));
    const synced = await ok(
      h.call('POST', `/api/organization/${seller.orgId}/inventory/sync`, { token: key, body: { items }, headers: { 'idempotency-key': 'bulk-1' } }),
    );
    expect(synced.items).toHaveLength(5000);
    expect(synced.totals.updated).toBe(5000);
    const last = await h.testDb.database.db.execute<{ id: string }>(
      sql`select id from products where organization_id = ${seller.orgId} and stock_keeping_unit = 'BULK-5000'`,
    );
    // The retailer sees the new stock on either process at once (kept pages follow the catalogue version).
    for (const view of [h.at(0), h.at(1)]) {
      const product = await ok(view.call('GET', `/api/product/${last.rows[0]!.id}`, { token: buyer.token }));
      expect(product.inventory_count).toBe(50);
    }
    // One inventory.changed event per 1,000 changed lines: 5, covering every SKU once.
    const stockEvents = await receiver.received((r) => r.type === 'inventory.changed', 5);
    const skus = stockEvents.flatMap((e) => e.body.data.items.map((item: { sku: string }) => item.sku));
    expect(new Set(skus).size).toBe(5000);

    // Both processes send; each event arrived once.
    const ids = receiver.got.map((r) => r.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    cluster.expectNothingBroke();
  });
});
