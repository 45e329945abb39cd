/**
 * The Stripe adapter, through the official SDK, against a local Stripe (test/support/
 * fake-stripe.ts): what it sends (destination charge, amount, idempotency keys), how it reads
 * Stripe's answers (statuses, the paid session's card and payment), how it fails (unknown ids,
 * Stripe down), and the webhook signature check.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/support/fake-stripe.js';
import { PaymentsProviderError, type NewCheckoutSession } from './interface.js';
import { createStripePayments, DESTINATION_METADATA_KEY } from './stripe.js';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdefghijklmnop';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});

beforeEach(() => {
  fake.reset();
});

afterAll(async () => {
  await fake.close();
});

/** No retries by default: a failure is seen at once (the retry test turns them on). */
function provider(maxNetworkRetries = 0) {
  return createStripePayments({
    secretKey: fake.secretKey,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
    maxNetworkRetries,
  });
}

async function providerError(p: Promise<unknown>): Promise<PaymentsProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentsProviderError);
  return err as PaymentsProviderError;
}

function newSession(accountId: string, over: Partial<NewCheckoutSession> = {}): NewCheckoutSession {
  return {
    accountId,
    amountCents: 12_345,
    currency: 'usd',
    description: 'Order from Maple Goods',
    merchantName: 'Maple Goods',
    returnUrl: 'https://shop.example.com/storefront/org_1/checkout/return?session_id={CHECKOUT_SESSION_ID}',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    idempotencyKey: `checkout-${Math.random().toString(36).slice(2)}`,
    metadata: { order_id: 'order_42' },
    ...over,
  };
}

async function sellerAccount() {
  return provider().createConnectedAccount({ idempotencyKey: `acct-${Math.random()}`, email: 'seller@example.com' });
}

describe('Stripe adapter: connected accounts', () => {
  it('creates a platform-controlled US account with card payments and transfers, once per idempotency key', async () => {
    const p = provider();
    const first = await p.createConnectedAccount({ idempotencyKey: 'org_1-account', email: 'seller@example.com' });
    const retry = await p.createConnectedAccount({ idempotencyKey: 'org_1-account', email: 'seller@example.com' });

    expect(first).toEqual({
      accountId: expect.stringMatching(/^acct_/),
      detailsSubmitted: false,
      chargesEnabled: false,
    });
    expect(retry).toEqual(first);
    expect(fake.accounts.size).toBe(1);

    const sent = fake.requests.filter((r) => r.path === '/v1/accounts');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['org_1-account', 'org_1-account']);
    expect(sent[0]!.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent[0]!.body).toEqual({
      country: 'US',
      email: 'seller@example.com',
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      controller: {
        requirement_collection: 'application',
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        stripe_dashboard: { type: 'none' },
      },
    });
  });

  it('answers a fresh onboarding client secret for the account, and unknown_account for an unknown one', async () => {
    const { accountId } = await sellerAccount();
    const secret = await provider().createAccountSession(accountId);

    expect(secret.clientSecret).toMatch(/^accs_secret__/);
    expect(secret.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const sent = fake.requests.find((r) => r.path === '/v1/account_sessions')!;
    expect(sent.body).toEqual({ account: accountId, components: { account_onboarding: { enabled: 'true' } } });

    const err = await providerError(provider().createAccountSession('acct_nobody'));
    expect(err.code).toBe('unknown_account');
  });

  it('reads the account as Stripe reviewed it; an unknown account is null', async () => {
    const p = provider();
    const { accountId } = await sellerAccount();
    expect(await p.accountStatus(accountId)).toEqual({ accountId, detailsSubmitted: false, chargesEnabled: false });

    fake.updateAccount(accountId, { details_submitted: true });
    expect(await p.accountStatus(accountId)).toEqual({ accountId, detailsSubmitted: true, chargesEnabled: false });

    fake.updateAccount(accountId, { charges_enabled: true });
    expect(await p.accountStatus(accountId)).toEqual({ accountId, detailsSubmitted: true, chargesEnabled: true });

    expect(await p.accountStatus('acct_nobody')).toBeNull();
  });
});

describe('Stripe adapter: checkout sessions', () => {
  it('creates an embedded session for the amount as a destination charge to the seller, with the idempotency key', async () => {
    const { accountId } = await sellerAccount();
    const input = newSession(accountId, { idempotencyKey: 'checkout-order_42-1' });
    const created = await provider().createCheckoutSession(input);

    expect(created.sessionId).toMatch(/^cs_test_/);
    expect(created.clientSecret).toMatch(new RegExp(`^${created.sessionId}_secret_`));
    expect(created.expiresAt.getTime()).toBe(Math.floor(input.expiresAt.getTime() / 1000) * 1000);

    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.idempotencyKey).toBe('checkout-order_42-1');
    expect(sent.body).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'usd', product_data: { name: 'Order from Maple Goods' }, unit_amount: '12345' },
          quantity: '1',
        },
      ],
      payment_intent_data: { transfer_data: { destination: accountId } },
      return_url: input.returnUrl,
      expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
      metadata: { order_id: 'order_42' },
    });
    expect(fake.sessions.get(created.sessionId)).toMatchObject({ amount_total: 12_345, currency: 'usd' });
  });

  it('a retried create with the same key answers the first session instead of making a second', async () => {
    const { accountId } = await sellerAccount();
    const input = newSession(accountId);
    const p = provider();
    const first = await p.createCheckoutSession(input);
    const again = await p.createCheckoutSession(input);
    expect(again).toEqual(first);
    expect(fake.sessions.size).toBe(1);
  });

  it('reads an open session: unpaid, the amount, our metadata, the seller account; then expired', async () => {
    const { accountId } = await sellerAccount();
    const p = provider();
    const { sessionId } = await p.createCheckoutSession(newSession(accountId));

    expect(await p.retrieveCheckoutSession(sessionId)).toEqual({
      sessionId,
      accountId,
      status: 'open',
      paid: false,
      amountCents: 12_345,
      metadata: { order_id: 'order_42' },
      card: null,
      paymentId: null,
    });
    const get = fake.requests.find((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)!;
    expect(get.query).toEqual({ expand: ['payment_intent.latest_charge'] });

    fake.expireSession(sessionId);
    expect(await p.retrieveCheckoutSession(sessionId)).toMatchObject({ status: 'expired', paid: false, card: null });
  });

  it("reads a paid session: complete, the card's brand and last four, the payment intent, the charge's destination", async () => {
    const { accountId } = await sellerAccount();
    const p = provider();
    const { sessionId } = await p.createCheckoutSession(newSession(accountId));
    const paid = fake.completeSession(sessionId, { brand: 'mastercard', last4: '4444' });
    const intent = paid.payment_intent as { id: string };

    const state = await p.retrieveCheckoutSession(sessionId);
    expect(state).toEqual({
      sessionId,
      accountId,
      status: 'complete',
      paid: true,
      amountCents: 12_345,
      metadata: { order_id: 'order_42' },
      card: { brand: 'mastercard', last4: '4444' },
      paymentId: intent.id,
    });
    expect(state!.paymentId).toMatch(/^pi_/);
    expect(state!.metadata).not.toHaveProperty(DESTINATION_METADATA_KEY);
  });

  it('an unknown session is null', async () => {
    expect(await provider().retrieveCheckoutSession('cs_test_nothing')).toBeNull();
    expect(await provider().expireCheckoutSession('cs_test_nothing')).toBeNull();
  });

  it('expires an open session and answers expired', async () => {
    const { accountId } = await sellerAccount();
    const p = provider();
    const { sessionId } = await p.createCheckoutSession(newSession(accountId));

    expect(await p.expireCheckoutSession(sessionId)).toMatchObject({ sessionId, status: 'expired', paid: false });
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    expect(
      fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`),
    ).toBe(true);
    // Expiring it again is refused by Stripe and answered with the state.
    expect(await p.expireCheckoutSession(sessionId)).toMatchObject({ status: 'expired' });
  });

  it('expiring a session the buyer already paid answers complete (so the caller completes the order)', async () => {
    const { accountId } = await sellerAccount();
    const p = provider();
    const { sessionId } = await p.createCheckoutSession(newSession(accountId));
    fake.completeSession(sessionId);

    const state = await p.expireCheckoutSession(sessionId);
    expect(state).toMatchObject({ sessionId, status: 'complete', paid: true, card: { brand: 'visa', last4: '4242' } });
    expect(fake.sessions.get(sessionId)!.status).toBe('complete');
  });

  it('a destination account Stripe does not know is unknown_account', async () => {
    const err = await providerError(provider().createCheckoutSession(newSession('acct_nobody')));
    expect(err.code).toBe('unknown_account');
    expect(fake.sessions.size).toBe(0);
  });

  it('a request Stripe refuses for its content is an error naming the call, not the buyer', async () => {
    const { accountId } = await sellerAccount();
    // Stripe refuses sessions expiring in under 30 minutes.
    const err = await provider()
      .createCheckoutSession(newSession(accountId, { expiresAt: new Date(Date.now() + 5 * 60 * 1000) }))
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PaymentsProviderError);
    expect(err!.message).toMatch(
      /^Stripe refused to create the checkout session \(HTTP 400\): The `expires_at` timestamp/,
    );
  });
});

describe('Stripe adapter: Stripe unavailable', () => {
  it('a 500 is provider_unavailable, for every call', async () => {
    const { accountId } = await sellerAccount();
    const p = provider();
    const calls = [
      () => p.createConnectedAccount({ idempotencyKey: 'k1' }),
      () => p.createAccountSession(accountId),
      () => p.accountStatus(accountId),
      () => p.createCheckoutSession(newSession(accountId)),
      () => p.retrieveCheckoutSession('cs_test_x'),
      () => p.expireCheckoutSession('cs_test_x'),
    ];
    for (const run of calls) {
      fake.failNext(1, 500);
      const err = await providerError(run());
      expect(err.code).toBe('provider_unavailable');
      expect(err.message).toBe('The payment service is not available right now. Please try again in a moment.');
    }
  });

  it('a rate limit (429) and a dropped connection are provider_unavailable', async () => {
    const p = provider();
    fake.failNext(1, 429);
    expect((await providerError(p.accountStatus('acct_x'))).code).toBe('provider_unavailable');
    // The SDK retries a closed connection once on its own.
    fake.failNext(2, 'drop');
    expect((await providerError(p.accountStatus('acct_x'))).code).toBe('provider_unavailable');
  });

  it('retries a 500 with the same idempotency key, so the retry makes one session', async () => {
    const { accountId } = await sellerAccount();
    fake.failNext(1, 500);
    const created = await provider(1).createCheckoutSession(
      newSession(accountId, { idempotencyKey: 'checkout-retry' }),
    );

    const posts = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(posts.map((r) => r.idempotencyKey)).toEqual(['checkout-retry', 'checkout-retry']);
    expect([...fake.sessions.keys()]).toEqual([created.sessionId]);
  });

  it('a wrong secret key is not mistaken for an outage', async () => {
    const p = createStripePayments({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
      maxNetworkRetries: 0,
    });
    const err = await p.accountStatus('acct_x').then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err).not.toBeInstanceOf(PaymentsProviderError);
    expect(err!.message).toMatch(/^Stripe refused to retrieve the connected account \(HTTP 401\)/);
  });
});

describe('Stripe adapter: webhooks', () => {
  async function paidSessionEvent(type: string) {
    const { accountId } = await sellerAccount();
    const { sessionId } = await provider().createCheckoutSession(newSession(accountId));
    if (type !== 'checkout.session.expired') fake.completeSession(sessionId);
    else fake.expireSession(sessionId);
    return { sessionId, body: fake.eventBody(type, sessionId) };
  }

  const header = (payload: string, over: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: over.secret ?? WEBHOOK_SECRET,
      ...(over.timestamp ? { timestamp: over.timestamp } : {}),
    });

  it('verifies a signed checkout.session.completed and names the session', async () => {
    const { sessionId, body } = await paidSessionEvent('checkout.session.completed');
    const event = provider().verifyWebhook!(Buffer.from(body), header(body));
    expect(event).toEqual({ id: JSON.parse(body).id, type: 'checkout.session.completed', sessionId });
  });

  it('maps async_payment_succeeded to completed, expired to expired, anything else to other', async () => {
    const p = provider();
    const paid = await paidSessionEvent('checkout.session.async_payment_succeeded');
    expect(p.verifyWebhook!(Buffer.from(paid.body), header(paid.body))).toMatchObject({
      type: 'checkout.session.completed',
      sessionId: paid.sessionId,
    });

    const expired = await paidSessionEvent('checkout.session.expired');
    expect(p.verifyWebhook!(Buffer.from(expired.body), header(expired.body))).toMatchObject({
      type: 'checkout.session.expired',
      sessionId: expired.sessionId,
    });

    const accountUpdated = JSON.stringify({
      id: 'evt_account',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: 'acct_1', object: 'account' } },
    });
    expect(p.verifyWebhook!(Buffer.from(accountUpdated), header(accountUpdated))).toEqual({
      id: 'evt_account',
      type: 'other',
      sessionId: null,
    });
  });

  it("accepts the fake's own signature (the one route tests will use)", async () => {
    const { body, sessionId } = await paidSessionEvent('checkout.session.completed');
    expect(provider().verifyWebhook!(Buffer.from(body), fake.signWebhook(body, WEBHOOK_SECRET))).toMatchObject({
      sessionId,
    });
  });

  it('refuses a wrong secret, a changed body, an old timestamp and a missing header', async () => {
    const { body } = await paidSessionEvent('checkout.session.completed');
    const p = provider();
    const refused = (raw: string, signature: string | undefined) => {
      let err: unknown;
      try {
        p.verifyWebhook!(Buffer.from(raw), signature);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(PaymentsProviderError);
      expect((err as PaymentsProviderError).code).toBe('invalid_signature');
    };

    refused(body, header(body, { secret: 'whsec_someone_else' }));
    refused(body.replace('"livemode":false', '"livemode":true'), header(body));
    refused(body, header(body, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }));
    refused(body, undefined);
    refused(body, 'not a signature');
    // A body signed correctly but not JSON is not an event either.
    refused('not json', header('not json'));
  });
});
