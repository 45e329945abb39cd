/**
 * The seller's outbound webhooks through the API, with local receivers (node:http on
 * 127.0.0.1): what an integrator sees — signed events after a checkout and a shipment, the
 * delivery log, retries, a receiver that hangs or redirects, the test event, redelivery, secret
 * rotation — and who may manage them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CheckoutSession,
  TEST_CARDS,
  WebhookDeliveryDetail,
  CATALOG_CSV_COLUMNS,
  WEBHOOK_EVENT_TYPES,
  WebhookEventPayload,
  type Product,
  type WebhookDelivery,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { atPayment, createSession, customerOf, liveProduct, ok, payWith, readySeller, setStock, sizedTee, type Org } from '../../../test/support/checkout.js';
import { answer, startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../../test/support/webhook-receiver.js';
import { pruneWebhookLog } from './sender.js';
import { signatureHeader, verifyWebhookSignature } from './signing.js';

let h: Harness;
let seller: Org;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  h = await createHarness({
    LOG_LEVEL: 'error',
    // Small timings so retries and timeouts happen within the test.
    WEBHOOKS_TIMEOUT_MS: '400',
    WEBHOOKS_RETRY_BASE_MS: '20',
    WEBHOOKS_RETRY_MAX_MS: '100',
    WEBHOOKS_POLL_INTERVAL_MS: '50',
  });
  seller = await readySeller(h);
});
afterAll(async () => {
  await h?.close();
  for (const r of receivers) await r.close();
});

async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const r = await startWebhookReceiver(...args);
  receivers.push(r);
  return r;
}

const base = (org: Org = seller) => `/api/organization/${org.orgId}/webhooks`;

async function endpoint(r: WebhookReceiver, events: string[], path = '/hooks'): Promise<{ id: string; secret: string }> {
  return ok(h.call('POST', base(), { token: seller.token, body: { url: r.url(path), events, description: 'ERP' } }));
}

const log = (endpointId: string) =>
  ok<WebhookDelivery[]>(h.call('GET', `${base()}/${endpointId}/deliveries`, { token: seller.token }));
const detail = async (deliveryId: string) =>
  WebhookDeliveryDetail.parse(await ok(h.call('GET', `${base()}/deliveries/${deliveryId}`, { token: seller.token })));

/**
 * The delivery once the sender is idle: call it after the receiver got the request (the send
 * stays in flight until its attempt is recorded) or after a change that settles it.
 */
async function settled(deliveryId: string) {
  await h.app.webhookSender.idle();
  return detail(deliveryId);
}

function expectSigned(r: ReceivedWebhook, secret: string) {
  expect(r.headers['user-agent']).toBe('Cratebase-Webhooks/1');
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.headers['cratebase-event-id']).toBe(r.json.id);
  expect(r.headers['cratebase-event-type']).toBe(r.json.type);
  expect(verifyWebhookSignature(secret, r.headers['cratebase-signature'] as string, r.body)).toBe(true);
  // The signature covers the body: a changed byte fails it.
  expect(verifyWebhookSignature(secret, r.headers['cratebase-signature'] as string, r.body.replace('"', "'"))).toBe(false);
  return WebhookEventPayload.parse(r.json);
}

describe('orders reach a receiver, signed', () => {
  it('order.placed after a card checkout and order.shipped after tracking; the log shows both', async () => {
    const erp = await receiver();
    const { id, secret } = await endpoint(erp, ['order.placed', 'order.shipped']);
    expect(secret).toMatch(/^whsec_/);
    const buyer = await customerOf(h, seller, 'Corner Shop');
    const jam = await liveProduct(h, seller, { name: 'Fig Jam', unit_price_in_cents: 1_250 });
    const { cart } = await atPayment(h, seller, buyer, { [jam]: 4 });
    const placed = erp.next((r) => r.json?.type === 'order.placed');
    const session = CheckoutSession.parse(await ok(createSession(h, seller, buyer, cart)));
    await ok(payWith(h, buyer, session, TEST_CARDS.succeeds));

    const event = expectSigned(await placed, secret);
    expect(event).toMatchObject({
      type: 'order.placed',
      organization_id: seller.orgId,
      data: {
        order_id: cart.order.id,
        status: 'placed',
        purchaser: { id: buyer.orgId, name: 'Corner Shop' },
        total_in_cents: session.amount_cents,
        currency: 'usd',
      },
    });
    expect(event.type === 'order.placed' && event.data.number).toMatch(/^CB-\d{6}$/);

    const shipped = erp.next((r) => r.json?.type === 'order.shipped');
    await ok(
      h.call('POST', `/api/organization/${seller.orgId}/orders/${cart.order.id}/shipments`, {
        token: seller.token,
        body: { carrier: 'ups', tracking_number: '1Z999AA10123456784' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    );
    const shipment = expectSigned(await shipped, secret);
    expect(shipment).toMatchObject({
      type: 'order.shipped',
      data: { order_id: cart.order.id, status: 'shipped', shipment: { number: 1, carrier: 'UPS', tracking_number: '1Z999AA10123456784' } },
    });

    await h.app.webhookSender.idle();
    const deliveries = await log(id);
    expect(deliveries.map((d) => d.event_type)).toEqual(['order.shipped', 'order.placed']);
    const first = await settled(deliveries[1]!.id);
    expect(first).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, event_id: event.id });
    expect(first.attempts_log).toEqual([
      expect.objectContaining({ status_code: 200, error: null, response_excerpt: 'ok' }),
    ]);
    expect(first.payload).toMatchObject({ id: event.id, type: 'order.placed' });

    // Redeliver: the same event (same id, so the receiver can dedupe) again, as a new delivery.
    const again = erp.next();
    const redelivery = await ok<WebhookDelivery>(
      h.call('POST', `${base()}/deliveries/${first.id}/redeliver`, { token: seller.token, body: {} }),
    );
    expect(redelivery).toMatchObject({ event_id: event.id, event_type: 'order.placed', attempts: 0 });
    expect(redelivery.id).not.toBe(first.id);
    const repeated = await again;
    expect(repeated.headers['cratebase-event-id']).toBe(event.id);
    expect(repeated.body).toBe((await placed).body);
  });

  it('catalogue, stock and customers: product.created, inventory.changed, customer.joined', async () => {
    const r = await receiver();
    const { secret } = await endpoint(r, ['product.created', 'inventory.changed', 'customer.joined']);
    const created = r.next((x) => x.json?.type === 'product.created');
    const jam = await liveProduct(h, seller, { name: 'Quince Paste', unit_price_in_cents: 900, stock_keeping_unit: 'QP-1' });
    expect(expectSigned(await created, secret)).toMatchObject({
      data: { product_id: jam, name: 'Quince Paste', sku: 'QP-1', price_in_cents: 900, status: 'Live' },
    });
    const stock = r.next((x) => x.json?.type === 'inventory.changed');
    await setStock(h, seller, jam, 12);
    expect(expectSigned(await stock, secret)).toMatchObject({
      data: { items: [{ product_id: jam, variant_id: null, sku: 'QP-1', inventory_count: 12 }] },
    });
    const joined = r.next((x) => x.json?.type === 'customer.joined');
    const buyer = await customerOf(h, seller, 'Deli Two');
    expect(expectSigned(await joined, secret)).toMatchObject({ data: { purchaser: { id: buyer.orgId, name: 'Deli Two' } } });
    // Not subscribed: a product update sends nothing to this endpoint.
    expect(r.received.some((x) => x.json?.type === 'product.updated')).toBe(false);
  });
});

describe('every kind of change', () => {
  it('variants, net terms, mark paid, overdue, refund and cancellation send their events', async () => {
    const shop = await readySeller(h);
    const r = await receiver();
    const created = await ok(
      h.call('POST', base(shop), { token: shop.token, body: { url: r.url(), events: [...WEBHOOK_EVENT_TYPES] } }),
    );
    const taken = new Set<ReceivedWebhook>();
    /** The oldest event of `type` not taken yet (waiting for it if need be), checked against its signature and the contract. */
    const next = async (type: string) => {
      const fresh = (e: ReceivedWebhook) => e.json?.type === type && !taken.has(e);
      const got = r.received.find(fresh) ?? (await r.next(fresh));
      taken.add(got);
      return expectSigned(got, created.secret);
    };
    const tee = await sizedTee(h, shop);
    expect((await next('product.created')).data).toMatchObject({ product_id: tee.id, name: 'Tee', price_in_cents: 2_000 });
    const variantsMade = [await next('variant.created'), await next('variant.created')].map((e) => e.data);
    expect(variantsMade.map((d) => 'variant_id' in d && d.variant_id).sort()).toEqual([tee.small, tee.medium].sort());
    const read = await ok<Product>(h.call('GET', `/api/product/${tee.id}`, { token: shop.token }));
    await ok(
      h.call('PUT', '/api/product', {
        token: shop.token,
        body: {
          id: tee.id,
          organization: { id: shop.orgId },
          variants: read.variants.map((v) => ({ id: v.id, option_values: v.option_values, unit_price_in_cents: v.id === tee.small ? 2_200 : 2_000 })),
        },
      }),
    );
    // Only the variant whose price changed.
    expect((await next('variant.updated')).data).toMatchObject({ variant_id: tee.small, price_in_cents: 2_200 });
    expect((await next('product.updated')).data).toMatchObject({ product_id: tee.id });

    // An order on Net 30: order.placed (no invoice.paid yet), then marked paid.
    const buyer = await customerOf(h, shop, 'Terms Shop');
    expect((await next('customer.joined')).data).toMatchObject({ purchaser: { name: 'Terms Shop' } });
    await ok(h.call('PUT', `/api/order/organization/${shop.orgId}/purchasers/${buyer.orgId}/payment_terms`, { token: shop.token, body: { net_days: 30 } }));
    const jam = await liveProduct(h, shop, { name: 'Jam', unit_price_in_cents: 1_000 });
    const { cart } = await atPayment(h, shop, buyer, { [jam]: 3 });
    await ok(h.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }));
    const placed = await next('order.placed');
    expect(placed.data).toMatchObject({ order_id: cart.order.id, purchaser: { name: 'Terms Shop' } });
    const order = await ok(h.call('GET', `/api/order/${cart.order.id}`, { token: shop.token }));
    const invoiceId = order.invoice.id as string;

    // The reminders job, a day past the due date: invoice.overdue once.
    const due = new Date(Date.now() + 32 * 86_400_000);
    await h.app.invoiceReminders.runOnce(due);
    const overdue = await next('invoice.overdue');
    expect(overdue.data).toMatchObject({ invoice_id: invoiceId, order_id: cart.order.id, status: 'OPEN', amount_in_cents: placed.type === 'order.placed' ? placed.data.total_in_cents : -1 });
    expect(overdue.type === 'invoice.overdue' && overdue.data.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await ok(
      h.call('POST', `/api/organization/${shop.orgId}/invoices/${invoiceId}/mark-paid`, {
        token: shop.token,
        body: { method: 'check', paid_on: new Date().toISOString().slice(0, 10) },
      }),
    );
    expect((await next('invoice.paid')).data).toMatchObject({ invoice_id: invoiceId, status: 'PAID' });

    // A refund of part of it, then the whole order cancelled.
    await ok(
      h.call('POST', `/api/organization/${shop.orgId}/orders/${cart.order.id}/refunds`, {
        token: shop.token,
        body: { amount_cents: 500, reason: 'damaged' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    );
    expect((await next('order.refunded')).data).toMatchObject({
      order_id: cart.order.id,
      refund: { amount_in_cents: 500, method: 'credit_note', status: 'succeeded' },
    });
    await ok(
      h.call('POST', `/api/organization/${shop.orgId}/orders/${cart.order.id}/cancel`, {
        token: shop.token,
        body: { reason: 'out_of_stock' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    );
    expect((await next('order.cancelled')).data).toMatchObject({ order_id: cart.order.id, status: 'cancelled' });
    // One endpoint's events go out oldest first: the repricing's product.updated came after the
    // tee's creation, and only the repriced variant was an update.
    const types = r.received.map((e) => e.json.type);
    expect(types.indexOf('product.updated')).toBeGreaterThan(types.lastIndexOf('variant.created'));
    expect(types.filter((t) => t === 'variant.updated')).toHaveLength(1);
    expect(types.filter((t) => t === 'order.placed')).toHaveLength(1);
  });
});

describe('a catalogue import', () => {
  it('sends product.created and .updated for its rows and inventory.changed for the stock it set', async () => {
    const shop = await h.newOrgUser('Merchant');
    const r = await receiver();
    await ok(
      h.call('POST', base(shop), {
        token: shop.token,
        body: { url: r.url(), events: ['product.created', 'product.updated', 'inventory.changed'] },
      }),
    );
    const salsa = await ok(
      h.call('PUT', '/api/product', { token: shop.token, body: { name: 'Old salsa', stock_keeping_unit: 'SAL-2', organization: { id: shop.orgId } } }),
    );
    await r.waitFor(1);
    const file = [
      CATALOG_CSV_COLUMNS.join(','),
      'Ghost Pepper Sauce,Hot,GP-1,,Case,12,48.00,7.99,6.5,lb,Live,100',
      'Mild Salsa,,SAL-2,,each,,3.5,$5.00,12,OZ,draft,',
      'Agave Syrup,Organic,AG-3,,Box,6,12.00,,,,,0',
    ].join('\n');
    await ok(
      h.call('POST', `/api/product/organization/${shop.orgId}/import`, {
        token: shop.token,
        body: Buffer.from(`${file}\n`),
        headers: { 'content-type': 'text/csv' },
      }),
    );
    await r.waitFor(5);
    const [made, ...imported] = r.received.map((e) => WebhookEventPayload.parse(e.json));
    expect(made).toMatchObject({ type: 'product.created', data: { product_id: salsa.id } });
    expect(imported.map((e) => [e.type, 'name' in e.data ? e.data.name : null])).toEqual([
      ['product.created', 'Ghost Pepper Sauce'],
      ['product.created', 'Agave Syrup'],
      ['product.updated', 'Mild Salsa'],
      ['inventory.changed', null],
    ]);
    expect(imported[3]!.data).toEqual({ items: [expect.objectContaining({ sku: 'GP-1', variant_id: null, inventory_count: 100 })] });
  });
});

describe('faults', () => {
  it('a receiver answering 500 is retried with backoff until it answers 2xx; every attempt is in the log', async () => {
    let calls = 0;
    const flaky = await receiver((_r, res) => {
      calls += 1;
      answer(calls < 3 ? 500 : 204, calls < 3 ? 'database down' : '')(_r, res);
    });
    const { id } = await endpoint(flaky, ['order.placed']);
    const test = await ok<WebhookDelivery>(h.call('POST', `${base()}/${id}/test`, { token: seller.token, body: {} }));
    expect(test).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    await flaky.waitFor(3);
    const done = await settled(test.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 204, last_error: null });
    expect(done.attempts_log.map((a) => [a.status_code, a.error, a.response_excerpt])).toEqual([
      [500, 'the receiver answered 500', 'database down'],
      [500, 'the receiver answered 500', 'database down'],
      [204, null, null],
    ]);
    // One event, three tries of it.
    expect(new Set(flaky.received.map((r) => r.headers['cratebase-event-id'])).size).toBe(1);
  });

  it('a hanging receiver times out without holding back another endpoint', async () => {
    const held: import('node:http').ServerResponse[] = [];
    const hanging = await receiver((_r, res) => held.push(res));
    const healthy = await receiver();
    const slow = await endpoint(hanging, ['order.placed']);
    const fast = await endpoint(healthy, ['order.placed']);
    const stuck = await ok<WebhookDelivery>(h.call('POST', `${base()}/${slow.id}/test`, { token: seller.token, body: {} }));
    await hanging.waitFor(1);
    // While the first receiver still holds its request, the other endpoint's event goes out.
    await ok(h.call('POST', `${base()}/${fast.id}/test`, { token: seller.token, body: {} }));
    await healthy.waitFor(1);
    expect(held.every((res) => !res.writableEnded)).toBe(true);
    // Stop the retries: disabling fails what is still due.
    await hanging.waitFor(2);
    const timedOut = (await detail(stuck.id)).attempts_log[0]!;
    expect(timedOut).toMatchObject({ status_code: null, error: 'no answer within 400 ms', response_excerpt: null });
    await ok(h.call('PATCH', `${base()}/${slow.id}`, { token: seller.token, body: { enabled: false } }));
    expect(await settled(stuck.id)).toMatchObject({ status: 'failed', last_error: 'the endpoint was disabled' });
  });

  it('a redirect is a failed attempt, not followed; a 2 MB answer is cut to a 1 KB excerpt', async () => {
    const target = await receiver();
    const redirecting = await receiver((_r, res) => {
      res.writeHead(302, { location: target.url() });
      res.end('moved');
    });
    const moved = await endpoint(redirecting, ['order.placed']);
    const first = await ok<WebhookDelivery>(h.call('POST', `${base()}/${moved.id}/test`, { token: seller.token, body: {} }));
    await redirecting.waitFor(1);
    await ok(h.call('PATCH', `${base()}/${moved.id}`, { token: seller.token, body: { enabled: false } }));
    const failed = await settled(first.id);
    expect(failed.status).toBe('failed');
    expect(failed.attempts_log[0]).toMatchObject({ status_code: 302, error: expect.stringMatching(/^redirect \(302\) not followed/) });
    expect(target.received).toEqual([]);

    const chatty = await receiver(answer(200, 'x'.repeat(2 * 1024 * 1024)));
    const big = await endpoint(chatty, ['order.placed']);
    const sent = await ok<WebhookDelivery>(h.call('POST', `${base()}/${big.id}/test`, { token: seller.token, body: {} }));
    await chatty.waitFor(1);
    const ok200 = await settled(sent.id);
    expect(ok200.status).toBe('succeeded');
    expect(ok200.attempts_log[0]!.response_excerpt).toBe('x'.repeat(1024));
  });
});

describe('a process that died mid-send', () => {
  it('leaves a lease: the delivery is sent again once it runs out, never while it lasts', async () => {
    const r = await receiver();
    const dead = await endpoint(r, ['order.placed'], '/dead');
    const alive = await endpoint(r, ['order.placed'], '/alive');
    // Two deliveries claimed by a process that is gone: one lease ran out, one still runs
    // (as if its process were still waiting for the receiver).
    const db = h.testDb.database.db;
    const claimed = async (endpointId: string, lease: string) => {
      const event = crypto.randomUUID();
      const payload = { id: event, type: 'order.placed', created_at: new Date().toISOString(), organization_id: seller.orgId, data: {} };
      await db.execute(sql`
        insert into webhook_events (id, organization_id, type, payload) values (${event}, ${seller.orgId}, 'order.placed', ${JSON.stringify(payload)}::jsonb)`);
      const [row] = (
        await db.execute<{ id: string }>(sql`
          insert into webhook_deliveries (event_id, endpoint_id, status, attempts, lease_until)
          values (${event}, ${endpointId}, 'sending', 1, now() + ${lease}::interval) returning id`)
      ).rows;
      return { event, delivery: row!.id };
    };
    const expired = await claimed(dead.id, '-1 second');
    const leased = await claimed(alive.id, '1 hour');
    const resent = r.next();
    h.app.webhookSender.wake();
    expect((await resent).headers['cratebase-event-id']).toBe(expired.event);
    await h.app.webhookSender.idle();
    expect(await detail(expired.delivery)).toMatchObject({ status: 'succeeded', attempts: 2 });
    // The live lease keeps its delivery (and its endpoint's queue) with the process that holds it.
    await ok(h.call('POST', `${base()}/${alive.id}/test`, { token: seller.token, body: {} }));
    await h.app.webhookSender.idle();
    expect(r.received.map((x) => x.path)).toEqual(['/dead']);
    expect(await detail(leased.delivery)).toMatchObject({ status: 'sending', attempts: 1 });
    expect((await h.call('DELETE', `${base()}/${alive.id}`, { token: seller.token })).status).toBe(204);
  });
});

describe('secrets', () => {
  it('the secret is readable by owners and admins; during a rotation both secrets sign', async () => {
    const r = await receiver();
    const { id, secret } = await endpoint(r, ['order.placed']);
    const reveal = await h.call('GET', `${base()}/${id}/secret`, { token: seller.token });
    expect(reveal.headers['cache-control']).toBe('no-store');
    expect(reveal.body).toEqual({ secret, previous_secret: null, previous_secret_expires_at: null });
    const rotated = await ok(h.call('POST', `${base()}/${id}/rotate_secret`, { token: seller.token, body: {} }));
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.previous_secret).toBe(secret);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const got = r.next();
    await ok(h.call('POST', `${base()}/${id}/test`, { token: seller.token, body: {} }));
    const test = await got;
    expect((test.headers['cratebase-signature'] as string).match(/v1=/g)).toHaveLength(2);
    expect(verifyWebhookSignature(rotated.secret, test.headers['cratebase-signature'] as string, test.body)).toBe(true);
    expect(verifyWebhookSignature(secret, test.headers['cratebase-signature'] as string, test.body)).toBe(true);
    expect(verifyWebhookSignature('whsec_other', test.headers['cratebase-signature'] as string, test.body)).toBe(false);
    expect(WebhookEventPayload.parse(test.json)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: id } });
  });
});

describe('who may manage webhooks, and what URLs', () => {
  it('a member of another organization and Staff are refused; an admin is not', async () => {
    const stranger = await h.newOrgUser('Merchant');
    const listed = await h.call('GET', base(), { token: stranger.token });
    expect(listed.status).toBe(403);
    const staff = await h.newUser();
    const admin = await h.newUser();
    for (const [user, role] of [[staff, 'staff'], [admin, 'admin']] as const) {
      const invite = await ok(
        h.call('POST', `/api/organization/${seller.orgId}/members/invites`, { token: seller.token, body: { email: user.email, role } }),
      );
      await ok(h.call('POST', `/api/team/invite/${invite.id}/accept`, { token: user.token, body: {} }));
    }
    const refused = await h.call('GET', base(), { token: staff.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an owner or admin can manage webhooks.');
    expect((await h.call('POST', base(), { token: staff.token, body: { url: 'https://example.com/h', events: ['order.placed'] } })).status).toBe(403);
    expect((await h.call('GET', base(), { token: admin.token })).status).toBe(200);
    // Another organization's endpoint is not found, whoever asks through their own organization.
    const mine = await ok(h.call('GET', base(), { token: seller.token }));
    const other = await h.call('GET', `${base(stranger)}/${mine[0].id}`, { token: stranger.token });
    expect(other.status).toBe(404);
  });

  it('bad URLs are 400 naming url; a 2 MB body is 413', async () => {
    const events = ['order.placed'];
    for (const url of [
      'ftp://example.com/hooks',
      'https://user:secret@example.com/hooks',
      `https://example.com/${'a'.repeat(2_000)}`,
      'not a url',
      'https://example.com/hooks#part',
    ]) {
      const res = await h.call('POST', base(), { token: seller.token, body: { url, events } });
      expect(res.status, url).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path), url).toEqual(['url']);
    }
    const unknownEvent = await h.call('POST', base(), { token: seller.token, body: { url: 'https://example.com/h', events: ['order.eaten'] } });
    expect(unknownEvent.status).toBe(400);
    const huge = await h.app.inject({
      method: 'POST',
      url: base(),
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'https://example.com/h', events, description: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('the API document', () => {
  it('shows each event as a POST to the seller’s endpoint with its body’s schema', async () => {
    const doc = (await h.call('GET', '/api/openapi.json')).body;
    const placed = doc['x-webhooks']['order.placed'].post;
    expect(placed.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WebhookEvent_order_placed' });
    expect(placed.parameters.map((p: { name: string }) => p.name)).toEqual(['Cratebase-Signature', 'Cratebase-Event-Id', 'Cratebase-Event-Type']);
    expect(doc.components.schemas.WebhookEvent_order_shipped.properties.data.properties.shipment.required).toEqual([
      'id',
      'number',
      'carrier',
      'tracking_number',
    ]);
    expect(Object.keys(doc.paths)).toContain('/api/organization/{org_id}/webhooks/{endpoint_id}/deliveries');
  });
});

describe('the receiver in docs/api.md', () => {
  it('runs as printed: takes a real signed delivery once, refuses a forged or stale one', async () => {
    const docs = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/api.md'), 'utf8');
    const code = /^## Webhooks$[\s\S]*?^```js\n([\s\S]*?)^```$/m.exec(docs)?.[1];
    expect(code, 'docs/api.md has a ```js block under ## Webhooks').toBeTruthy();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-receiver-'));
    fs.writeFileSync(path.join(dir, 'receiver.mjs'), code!);
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const r = await receiver();
    const { id, secret } = await endpoint(r, ['order.placed']);
    await ok(h.call('PATCH', `${base()}/${id}`, { token: seller.token, body: { url: `http://127.0.0.1:${port}/hooks` } }));
    const child = spawn(process.execPath, ['receiver.mjs'], { cwd: dir, env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) } });
    let out = '';
    const looking: (() => void)[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const look of [...looking]) look();
    });
    /** Resolves once the receiver printed `text`. */
    const printed = (text: string) =>
      new Promise<void>((resolve) => {
        const look = () => out.includes(text) && resolve();
        looking.push(look);
        look();
      });
    try {
      await printed('listening');
      const test = await ok<WebhookDelivery>(h.call('POST', `${base()}/${id}/test`, { token: seller.token, body: {} }));
      await printed('webhook.test');
      const taken = await settled(test.id);
      expect(taken).toMatchObject({ status: 'succeeded', last_status_code: 204 });
      // The same event again (a redelivery) is answered but handled once.
      const again = await ok<WebhookDelivery>(h.call('POST', `${base()}/deliveries/${test.id}/redeliver`, { token: seller.token, body: {} }));
      await h.app.webhookSender.idle();
      expect((await detail(again.id)).last_status_code).toBe(204);
      expect(out.match(/webhook\.test/g)).toHaveLength(1);
      // Forged and stale signatures are refused.
      const body = JSON.stringify({ id: crypto.randomUUID(), type: 'order.placed', data: {} });
      const now = Math.floor(Date.now() / 1000);
      const post = (signature: string) =>
        fetch(`http://127.0.0.1:${port}/hooks`, { method: 'POST', body, headers: { 'cratebase-signature': signature } }).then((res) => res.status);
      expect(await post(signatureHeader([secret], now, body))).toBe(204);
      expect(await post(signatureHeader(['whsec_forged'], now, body))).toBe(400);
      expect(await post(signatureHeader([secret], now - 301, body))).toBe(400);
      expect(await post('')).toBe(400);
    } finally {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the log’s retention', () => {
  it('prunes events older than 30 days with their deliveries and attempts, but not one being redelivered', async () => {
    const r = await receiver();
    const { id } = await endpoint(r, ['order.placed']);
    const db = h.testDb.database.db;
    const sent = async () => {
      const test = await ok<WebhookDelivery>(h.call('POST', `${base()}/${id}/test`, { token: seller.token, body: {} }));
      await r.next();
      await h.app.webhookSender.idle();
      return test;
    };
    const [old, pending, fresh] = [await sent(), await sent(), await sent()];
    for (const d of [old, pending]) {
      await db.execute(sql`update webhook_events set created_at = now() - interval '31 days' where id = ${d.event_id}`);
    }
    await db.execute(sql`update webhook_deliveries set status = 'pending', next_attempt_at = now() + interval '1 hour' where id = ${pending.id}`);
    expect(await pruneWebhookLog(db)).toBe(1);
    expect((await h.call('GET', `${base()}/deliveries/${old.id}`, { token: seller.token })).status).toBe(404);
    expect((await detail(pending.id)).status).toBe('pending');
    expect((await detail(fresh.id)).attempts_log).toHaveLength(1);
    const orphans = await db.execute(sql`select 1 from webhook_delivery_attempts a where not exists (select 1 from webhook_deliveries d where d.id = a.delivery_id)`);
    expect(orphans.rows).toEqual([]);
  });
});
