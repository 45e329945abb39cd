/**
 * A stand-in for Connect.js (https://connect-js.stripe.com/v1.0/connect.js) with the embedded
 * account onboarding, for tests only: component tests install it on jsdom's window, and the
 * browser journeys serve this same module (bundled, see e2e/support/vendors.ts) as the answer to
 * Connect.js's URL.
 *
 * It follows the contract `@stripe/connect-js` and `@stripe/react-connect-js` rely on (see
 * /work/shared/reviews/2026-11-27/vendor-sdk-NOTE.md §2): `window.StripeConnect.init(params)`
 * answers an instance with `connect`, `update` and `logout`; the custom element
 * `stripe-connect-account-onboarding` has `setConnector(connector)` and a `<setter>InternalOnly`
 * method for every setter connect-js wraps (the element's own and the common ones, typed from the
 * SDK's method tables, so a setter added or renamed in the SDK breaks the typecheck).
 *
 * Once connected, the element asks for the client secret the way Connect.js does (the eager
 * promise connect-js made, else fetchClientSecret), reports a failure through onLoadError, and
 * shows a form with one button: "Submit details" tells "Stripe" the onboarding was completed (by
 * default POST https://api.stripe.com/v1/standin/account_onboarding with the client secret; a
 * journey answers it from the fake Stripe server, a component test passes its own backend), then
 * "Done" calls onExit, as Stripe's component does when the seller leaves it.
 */
import type {
  ConnectElementCommonMethodConfig,
  ConnectElementCustomMethodConfig,
  IStripeConnectInitParams,
  StripeConnectInstance,
} from '@stripe/connect-js';
import { BUTTON, FONT, SECONDARY_BUTTON, el, vendorFrame } from './standin-dom';
import { STRIPE_API_ORIGIN } from './stripe-standin';

export const CONNECT_JS_ORIGIN = 'https://connect-js.stripe.com';
export const CONNECT_STANDIN_SUBMIT_LABEL = 'Submit details';
export const CONNECT_STANDIN_DONE_LABEL = 'Done';
export const CONNECT_STANDIN_SUBMITTED = 'Your details were sent to Stripe (stand-in).';
export const CONNECT_STANDIN_FRAME_TITLE = 'Stripe onboarding';
const TAG = 'stripe-connect-account-onboarding';

export interface ConnectStandInBackend {
  /** The seller submitted the onboarding of the account this client secret is for. */
  submit(clientSecret: string): Promise<void>;
}

export const connectNetworkBackend: ConnectStandInBackend = {
  async submit(clientSecret) {
    const response = await fetch(`${STRIPE_API_ORIGIN}/v1/standin/account_onboarding`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: clientSecret }),
    });
    if (!response.ok) throw new Error(`Stripe answered ${response.status}`);
  },
};

/** The setters connect-js calls on the onboarding element, each as `<name>InternalOnly`. */
type Setters = (typeof ConnectElementCustomMethodConfig)['account-onboarding'] &
  typeof ConnectElementCommonMethodConfig;
type InternalSetters = { [K in keyof Setters as `${K & string}InternalOnly`]: Setters[K] };
type Listeners = { [K in keyof Setters]?: Parameters<Setters[K]>[0] };

/** What connect-js hands `init`: our parameters, and the client secret it already asked for. */
type InitParams = IStripeConnectInitParams & { metaOptions?: { eagerClientSecretPromise?: Promise<string> } };
interface Connector {
  params: InitParams;
  /** The eager secret is used once; later ones come from fetchClientSecret. */
  eagerUsed: boolean;
}

/** What a test can read back from the stand-in. */
export interface ConnectStandInRecord {
  inits: InitParams[];
  /** Onboarding elements connected (StrictMode connects one twice in development). */
  connected: number;
}

const backends = new WeakMap<Window, { backend: ConnectStandInBackend; record: ConnectStandInRecord }>();

function defineElement(win: Window) {
  const doc = win.document;
  // The element class of this window (jsdom's in component tests, Chromium's in journeys).
  const Base = (win as Window & typeof globalThis).HTMLElement;
  class AccountOnboardingStandIn extends Base implements InternalSetters {
    private listeners: Listeners = {};
    private connector: Connector | null = null;

    setFullTermsOfServiceUrlInternalOnly(value: string | undefined) {
      this.listeners.setFullTermsOfServiceUrl = value;
    }
    setRecipientTermsOfServiceUrlInternalOnly(value: string | undefined) {
      this.listeners.setRecipientTermsOfServiceUrl = value;
    }
    setPrivacyPolicyUrlInternalOnly(value: string | undefined) {
      this.listeners.setPrivacyPolicyUrl = value;
    }
    setSkipTermsOfServiceCollectionInternalOnly(value: boolean | undefined) {
      this.listeners.setSkipTermsOfServiceCollection = value;
    }
    setCollectionOptionsInternalOnly(value: Listeners['setCollectionOptions']) {
      this.listeners.setCollectionOptions = value;
    }
    setOnExitInternalOnly(listener: Listeners['setOnExit']) {
      this.listeners.setOnExit = listener;
    }
    setOnStepChangeInternalOnly(listener: Listeners['setOnStepChange']) {
      this.listeners.setOnStepChange = listener;
    }
    setOnLoadErrorInternalOnly(listener: Listeners['setOnLoadError']) {
      this.listeners.setOnLoadError = listener;
    }
    setOnLoaderStartInternalOnly(listener: Listeners['setOnLoaderStart']) {
      this.listeners.setOnLoaderStart = listener;
    }

    setConnector(connector: Connector) {
      this.connector = connector;
      const state = backends.get(win);
      if (state) state.record.connected += 1;
      void this.start();
    }

    private async secret(): Promise<string> {
      const connector = this.connector!;
      const eager = connector.params.metaOptions?.eagerClientSecretPromise;
      if (eager && !connector.eagerUsed) {
        connector.eagerUsed = true;
        return eager;
      }
      return connector.params.fetchClientSecret();
    }

    private async start() {
      let clientSecret: string;
      try {
        clientSecret = await this.secret();
        // Like Connect.js, the component starts once it has its secret and its frame is on the
        // way: by then connect-js has handed over the listeners React set after connecting.
        await new Promise((resolve) => win.setTimeout(resolve, 0));
        this.listeners.setOnLoaderStart?.({ elementTagName: 'account-onboarding' });
      } catch (error) {
        this.listeners.setOnLoadError?.({
          error: {
            type: 'account_session_create_error',
            message: error instanceof Error ? error.message : String(error),
          },
          elementTagName: 'account-onboarding',
        });
        return;
      }
      this.render(clientSecret);
    }

    private render(clientSecret: string) {
      const status = el(doc, 'p', { role: 'status', style: 'margin:8px 0 0;min-height:1.5em' });
      const submit = el(doc, 'button', { type: 'button', style: BUTTON }, CONNECT_STANDIN_SUBMIT_LABEL);
      const done = el(
        doc,
        'button',
        { type: 'button', style: `${SECONDARY_BUTTON};margin-left:8px` },
        CONNECT_STANDIN_DONE_LABEL,
      );
      done.addEventListener('click', () => this.listeners.setOnExit?.());
      submit.addEventListener('click', () => {
        submit.setAttribute('disabled', '');
        status.textContent = 'Sending…';
        const backend = backends.get(win)?.backend ?? connectNetworkBackend;
        backend.submit(clientSecret).then(
          () => {
            status.textContent = CONNECT_STANDIN_SUBMITTED;
            this.listeners.setOnStepChange?.({ step: 'summary' });
          },
          (error: unknown) => {
            submit.removeAttribute('disabled');
            status.textContent = `Stripe could not take your details: ${error instanceof Error ? error.message : String(error)}`;
          },
        );
      });
      this.replaceChildren(
        el(
          doc,
          'div',
          {
            'data-testid': 'stripe-connect-standin',
            style: `${FONT};border:1px solid #eaecf0;border-radius:8px;padding:16px`,
          },
          el(doc, 'p', { style: 'margin:0;font-weight:600' }, 'Stripe onboarding (stand-in)'),
          el(
            doc,
            'p',
            { style: 'margin:4px 0 0;color:#475467' },
            'Business, representative and payout account, as Stripe asks for them.',
          ),
          vendorFrame(doc, CONNECT_JS_ORIGIN, CONNECT_STANDIN_FRAME_TITLE),
          el(doc, 'div', { style: 'display:flex;flex-wrap:wrap;gap:8px 0' }, submit, done),
          status,
        ),
      );
    }
  }
  win.customElements.define(TAG, AccountOnboardingStandIn);
}

/** Defines `window.StripeConnect` and the onboarding element once per window; every call starts a new record and backend. */
export function installStripeConnectStandIn(
  win: Window = window,
  backend: ConnectStandInBackend = connectNetworkBackend,
): ConnectStandInRecord {
  const record: ConnectStandInRecord = { inits: [], connected: 0 };
  backends.set(win, { backend, record });
  if (!win.customElements.get(TAG)) defineElement(win);
  // connect-js keeps the StripeConnect it found for the life of the page: read the current record.
  const stripeConnect = {
    init(params: InitParams) {
      backends.get(win)!.record.inits.push(params);
      const connector: Connector = { params, eagerUsed: false };
      const instance: Pick<StripeConnectInstance, 'update' | 'logout'> & { connect: Connector } = {
        connect: connector,
        update: () => {},
        logout: async () => {},
      };
      return instance;
    },
  };
  const existing = (win as Window & { StripeConnect?: typeof stripeConnect }).StripeConnect;
  if (!existing) (win as Window & { StripeConnect?: typeof stripeConnect }).StripeConnect = stripeConnect;
  return record;
}
