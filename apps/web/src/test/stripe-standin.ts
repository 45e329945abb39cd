/**
 * A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js) with Embedded Checkout, for
 * tests only: the component tests install it on jsdom's window, and the browser journeys serve
 * this same module (bundled, see e2e/support/vendors.ts) as the answer to Stripe.js's URL.
 *
 * It follows the contract `@stripe/stripe-js` and `@stripe/react-stripe-js` rely on (see
 * /work/shared/reviews/2026-11-27/vendor-sdk-NOTE.md §1): `window.Stripe(publishableKey)` answers
 * an object that passes react-stripe-js's `isStripe` guard (elements, createToken,
 * createPaymentMethod, confirmCardPayment) and has `createEmbeddedCheckoutPage(options)`, whose
 * instance mounts into a node and can be unmounted and destroyed; `Stripe.version` is the release
 * train. It is typed against the SDK's types, so a renamed method breaks the typecheck.
 *
 * The mounted checkout shows who is paid and a Pay button. Pay asks "Stripe" to confirm the
 * session (by default POST https://api.stripe.com/v1/payment_pages/{session}/confirm, as the real
 * frame talks to api.stripe.com; a journey answers it from the fake Stripe server, a component
 * test passes its own backend). The answer says where Stripe sends the buyer: the session's
 * return URL (the page goes there, as Stripe redirects) or none (onComplete is called, as with
 * `redirect_on_completion: 'if_required'`). What it does not do: take a card, 3-D Secure,
 * declines — those are Stripe's own and on the live checklist (docs/payments-live-check.md).
 */
import type {
  Stripe,
  StripeConstructor,
  StripeEmbeddedCheckout,
  StripeEmbeddedCheckoutOptions,
} from '@stripe/stripe-js';
import { BUTTON, FONT, el, vendorFrame } from './standin-dom';

export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';
export const STRIPE_STANDIN_PAY_LABEL = 'Pay with test card 4242';
export const STRIPE_STANDIN_FRAME_TITLE = 'Stripe card details';

/** What "Stripe" answers to a confirmed payment. */
export interface StripeStandInPayment {
  /** Where Stripe sends the buyer ({CHECKOUT_SESSION_ID} filled in), or null: onComplete instead. */
  returnUrl: string | null;
}

export interface StripeStandInBackend {
  /** The buyer pressed Pay in the checkout of this session. */
  pay(sessionId: string, clientSecret: string): Promise<StripeStandInPayment>;
}

/** A checkout session's id from its client secret (Stripe's `cs_…_secret_…`). */
export const sessionIdOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** The browser's way: a request to Stripe's API (answered by a journey's route). */
export const stripeNetworkBackend: StripeStandInBackend = {
  async pay(sessionId, clientSecret) {
    const response = await fetch(`${STRIPE_API_ORIGIN}/v1/payment_pages/${encodeURIComponent(sessionId)}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: clientSecret }),
    });
    const body = (await response.json()) as { return_url?: string | null; error?: { message?: string } };
    if (!response.ok) throw new Error(body.error?.message ?? `Stripe answered ${response.status}`);
    return { returnUrl: body.return_url ?? null };
  },
};

/** The four methods react-stripe-js's `isStripe` guard looks for (a rename breaks this line). */
type GuardedMethods = keyof Pick<Stripe, 'elements' | 'createToken' | 'createPaymentMethod' | 'confirmCardPayment'>;

/** What a test can read back from the stand-in. */
export interface StripeStandInRecord {
  publishableKeys: string[];
  checkouts: Array<{ options: StripeEmbeddedCheckoutOptions; mounted: boolean; destroyed: boolean }>;
}

const installed = new WeakMap<Window, { backend: StripeStandInBackend; record: StripeStandInRecord }>();

/**
 * Defines `window.Stripe` once per window; every call starts a new record and backend (loadStripe
 * keeps the constructor it found for the life of the page, so the constructor stays the same).
 */
export function installStripeStandIn(
  win: Window = window,
  backend: StripeStandInBackend = stripeNetworkBackend,
): StripeStandInRecord {
  const record: StripeStandInRecord = { publishableKeys: [], checkouts: [] };
  const fresh = !installed.has(win);
  installed.set(win, { backend, record });
  if (fresh) defineStripe(win);
  return record;
}

function defineStripe(win: Window) {
  const doc = win.document;
  const current = () => installed.get(win)!;

  function createStripe(publishableKey: string) {
    const { record, backend } = current();
    record.publishableKeys.push(publishableKey);
    const unused = () => {
      throw new Error('The Stripe stand-in has only the embedded checkout.');
    };
    const guarded: Record<GuardedMethods, () => never> = {
      elements: unused,
      createToken: unused,
      createPaymentMethod: unused,
      confirmCardPayment: unused,
    };
    const embedded = {
      async createEmbeddedCheckoutPage(options: StripeEmbeddedCheckoutOptions): Promise<StripeEmbeddedCheckout> {
        // Stripe.js allows one embedded checkout on the page at a time.
        if (record.checkouts.some((c) => !c.destroyed)) {
          throw new Error('IntegrationError: You cannot have multiple Embedded Checkout objects.');
        }
        const entry = { options, mounted: false, destroyed: false };
        record.checkouts.push(entry);
        const clientSecret = options.clientSecret ?? (await options.fetchClientSecret?.());
        if (!clientSecret) throw new Error('IntegrationError: clientSecret or fetchClientSecret is required.');
        const sessionId = sessionIdOfSecret(clientSecret);
        let root: HTMLElement | null = null;

        function render(node: HTMLElement) {
          const status = el(doc, 'p', { role: 'status', style: 'margin:8px 0 0;min-height:1.5em' });
          const pay = el(doc, 'button', { type: 'button', style: `${BUTTON};width:100%` }, STRIPE_STANDIN_PAY_LABEL);
          pay.addEventListener('click', () => {
            pay.setAttribute('disabled', '');
            status.textContent = 'Processing…';
            backend.pay(sessionId, clientSecret!).then(
              ({ returnUrl }) => {
                status.textContent = 'Payment complete.';
                if (returnUrl) win.location.assign(returnUrl);
                else options.onComplete?.();
              },
              (error: unknown) => {
                pay.removeAttribute('disabled');
                status.textContent = `The payment failed: ${error instanceof Error ? error.message : String(error)}`;
              },
            );
          });
          root = el(
            doc,
            'div',
            {
              'data-testid': 'stripe-standin-checkout',
              style: `${FONT};border:1px solid #eaecf0;border-radius:8px;padding:16px`,
            },
            el(doc, 'p', { style: 'margin:0;font-weight:600' }, 'Stripe test checkout (stand-in)'),
            el(doc, 'p', { style: 'margin:4px 0 0;color:#475467;overflow-wrap:anywhere' }, `Session ${sessionId}`),
            vendorFrame(doc, STRIPE_JS_ORIGIN, STRIPE_STANDIN_FRAME_TITLE),
            pay,
            status,
          );
          node.append(root);
        }

        const checkout = {
          mount(location: string | HTMLElement) {
            if (entry.destroyed) throw new Error('IntegrationError: this Embedded Checkout was destroyed.');
            const node = typeof location === 'string' ? doc.querySelector<HTMLElement>(location) : location;
            if (!node) throw new Error(`IntegrationError: no element matches ${String(location)}`);
            render(node);
            entry.mounted = true;
          },
          unmount() {
            root?.remove();
            root = null;
            entry.mounted = false;
          },
          destroy() {
            root?.remove();
            root = null;
            entry.mounted = false;
            entry.destroyed = true;
          },
        } satisfies StripeEmbeddedCheckout;
        return checkout;
      },
    } satisfies Pick<Stripe, 'createEmbeddedCheckoutPage'>;
    return { ...guarded, ...embedded };
  }

  // `loadStripe` warns (pk_test_) when the version is not its release train.
  const constructor = Object.assign(createStripe, { version: 'endive' as const });
  (win as Window & { Stripe?: StripeConstructor }).Stripe = constructor as unknown as StripeConstructor;
}
