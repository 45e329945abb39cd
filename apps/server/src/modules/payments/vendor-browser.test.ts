/**
 * What the browser is told about the vendors' own code (issue 21, part 4): with Stripe, the
 * answers that start Stripe's widgets — the account session (Connect onboarding), the checkout
 * session and the invoice's card payment session (Embedded Checkout) — carry the publishable key
 * and say which widget to load; the Content-Security-Policy of every response lets in Stripe's and
 * Plaid's origins only on the server configured for them. With the built-in providers, neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AccountSession, CheckoutSession, InvoiceCheckoutSession } from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { atPayment, customerOf, liveProduct, ok, readySeller, type Org } from '../../../test/support/checkout.js';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  fakeStripeEnv,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/support/fake-stripe.js';
import {
  FAKE_PLAID_CLIENT_ID,
  FAKE_PLAID_SECRET,
  startFakePlaid,
  type FakePlaid,
} from '../../../test/support/fake-plaid.js';

let builtin: Harness;
let vendors: Harness;
let stripe: FakeStripe;
let plaid: FakePlaid;

beforeAll(async () => {
  [stripe, plaid] = await Promise.all([startFakeStripe(), startFakePlaid()]);
  builtin = await createHarness({ LOG_LEVEL: 'error' });
  vendors = await createHarness(
    {
      LOG_LEVEL: 'error',
      ...fakeStripeEnv(stripe, 'whsec_vendorBrowserTest0123456789'),
      PLAID_CLIENT_ID: FAKE_PLAID_CLIENT_ID,
      PLAID_SECRET: FAKE_PLAID_SECRET,
      PLAID_API_URL: plaid.url,
    },
    { testDb: builtin.testDb },
  );
  // Only the calls under test talk to the fake Stripe.
  await Promise.all([builtin.app.checkoutReconciler.stop(), vendors.app.checkoutReconciler.stop()]);
});
afterAll(async () => {
  // One database under both apps: close the second app, then the first with the database.
  await vendors?.app.close();
  await builtin?.close();
  await Promise.all([stripe?.close(), plaid?.close()]);
});

const base = (seller: Org) => `/api/stripe/organization/${seller.orgId}`;

/** Get Started, then the account session the onboarding opens with. */
async function accountSession(h: Harness, seller: Org): Promise<{ account: string; session: AccountSession }> {
  const { account } = await ok<{ account: string }>(
    h.call('POST', `${base(seller)}/create-connect-account`, { token: seller.token }),
  );
  const session = AccountSession.parse(
    await ok(h.call('POST', `${base(seller)}/refresh-connect-account`, { token: seller.token, body: { account } })),
  );
  return { account, session };
}

describe('the publishable key in the answers that start a widget', () => {
  it("with Stripe: the account session says Stripe's onboarding and carries the publishable key", async () => {
    const seller = await readySeller(vendors, { payments: false });
    const { session } = await accountSession(vendors, seller);
    expect(session.provider).toBe('stripe');
    expect(session.publishable_key).toBe(FAKE_STRIPE_PUBLISHABLE_KEY);
    expect(session.client_secret).toMatch(/^accs_secret__/);
    // The secret key never reaches the browser.
    expect(JSON.stringify(session)).not.toContain(stripe.secretKey);
  });

  it('with Stripe: the checkout session and the invoice payment session carry it too', async () => {
    const seller = await readySeller(vendors, { payments: false });
    const { account } = await accountSession(vendors, seller);
    stripe.updateAccount(account, { details_submitted: true, charges_enabled: true });
    await ok(vendors.call('GET', `${base(seller)}/account-status`, { token: seller.token }));
    const buyer = await customerOf(vendors, seller);
    const productId = await liveProduct(vendors, seller, { unit_price_in_cents: 1_500 });
    const { cart } = await atPayment(vendors, seller, buyer, { [productId]: 2 });

    const checkout = CheckoutSession.parse(
      await ok(
        vendors.call('POST', `${base(seller)}/create-checkout-session`, {
          token: buyer.token,
          body: { cart: { id: cart.id } },
        }),
      ),
    );
    expect(checkout).toMatchObject({ provider: 'stripe', publishable_key: FAKE_STRIPE_PUBLISHABLE_KEY });
    expect(checkout.clientSecret).toMatch(new RegExp(`^${checkout.session_id}_secret_`));

    // The same buyer, on Net 30: the invoice is paid later by card, in the same embedded checkout.
    await ok(
      vendors.call('PUT', `/api/order/organization/${seller.orgId}/purchasers/${buyer.orgId}/payment_terms`, {
        token: seller.token,
        body: { net_days: 30 },
      }),
    );
    await ok(vendors.call('POST', `/api/order/${cart.order.id}/submit-on-terms`, { token: buyer.token }));
    const { rows } = await vendors.testDb.database.db.execute(
      sql`select id from invoices where order_id = ${cart.order.id}`,
    );
    const invoiceId = (rows[0] as { id: string }).id;
    const invoice = InvoiceCheckoutSession.parse(
      await ok(vendors.call('POST', `/api/invoice/${invoiceId}/checkout-session`, { token: buyer.token })),
    );
    expect(invoice).toMatchObject({ provider: 'stripe', publishable_key: FAKE_STRIPE_PUBLISHABLE_KEY });
  });

  it('with the built-in provider: its own onboarding and card form, and no key', async () => {
    const seller = await readySeller(builtin, { payments: false });
    const { session } = await accountSession(builtin, seller);
    expect(session.provider).toBe('builtin');
    expect('publishable_key' in session).toBe(false);

    const active = await readySeller(builtin);
    const buyer = await customerOf(builtin, active);
    const productId = await liveProduct(builtin, active);
    const { cart } = await atPayment(builtin, active, buyer, { [productId]: 1 });
    const checkout = await ok(
      builtin.call('POST', `${base(active)}/create-checkout-session`, {
        token: buyer.token,
        body: { cart: { id: cart.id } },
      }),
    );
    expect(checkout.provider).toBe('builtin');
    expect('publishable_key' in checkout).toBe(false);
  });
});

describe('the Content-Security-Policy the server sends', () => {
  const cspOf = async (h: Harness, path: string) => {
    const res = await h.call('GET', path);
    return String(res.headers['content-security-policy']);
  };

  it("lets in Stripe's and Plaid's origins on the server configured for them, on pages and API answers alike", async () => {
    for (const path of ['/config.json', '/healthz', '/storefront/anything/billing']) {
      const csp = await cspOf(vendors, path);
      expect(csp, path).toContain(
        "script-src 'self' https://js.stripe.com https://*.js.stripe.com https://connect-js.stripe.com https://cdn.plaid.com;",
      );
      expect(csp, path).toContain('https://api.stripe.com');
      expect(csp, path).toContain('https://sandbox.plaid.com');
      // Where the server itself reaches Stripe and Plaid (here the fakes) is not the browser's business.
      expect(csp, path).not.toContain(stripe.url);
      expect(csp, path).not.toContain(plaid.url);
    }
  });

  it('keeps the built-in policy on the server with the built-in providers', async () => {
    for (const path of ['/config.json', '/storefront/anything/billing']) {
      const csp = await cspOf(builtin, path);
      expect(csp, path).toContain("script-src 'self';");
      expect(csp, path).not.toMatch(/stripe|plaid/);
    }
  });
});
