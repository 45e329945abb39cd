/**
 * A stand-in for Plaid Link's initializer (https://cdn.plaid.com/link/v2/stable/link-initialize.js),
 * for tests only: component tests install it on jsdom's window, and the browser journeys serve
 * this same module (bundled, see e2e/support/vendors.ts) as the answer to Plaid's URL.
 *
 * It follows the contract `react-plaid-link` relies on (see
 * /work/shared/reviews/2026-11-27/vendor-sdk-NOTE.md §3): `window.Plaid.create(config)` answers a
 * handler with open, exit, submit and destroy (typed against the SDK's `Plaid` and
 * `PlaidHandler`), and calls `config.onLoad` once ready. `open()` shows Plaid's window over the
 * page (a modal dialog with Plaid's frame): Continue asks "Plaid" for a public token for the link
 * token (by default POST https://{env}.plaid.com/standin/link/complete, the environment named in
 * the link token; a journey answers it from the fake Plaid server, a component test passes its own
 * backend) and calls `onSuccess(public_token, metadata)`; Exit calls `onExit(null, metadata)`, and
 * "Exit with an error" `onExit(error, metadata)` with Plaid's error shape. The real bank sign-in
 * (user_good / pass_good) and OAuth are Plaid's, on the live checklist.
 */
import type {
  Plaid,
  PlaidHandler,
  PlaidLinkError,
  PlaidLinkOnExitMetadata,
  PlaidLinkOnSuccessMetadata,
  PlaidLinkOptions,
} from 'react-plaid-link';
import { BUTTON, FONT, SECONDARY_BUTTON, el, vendorFrame } from './standin-dom';

export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
export const PLAID_CDN_ORIGIN = 'https://cdn.plaid.com';
export const PLAID_STANDIN_TITLE = 'Plaid Link (stand-in)';
export const PLAID_STANDIN_CONTINUE = 'Continue';
export const PLAID_STANDIN_EXIT = 'Exit';
export const PLAID_STANDIN_FAIL = 'Exit with an error';
export const PLAID_STANDIN_FRAME_TITLE = 'Plaid';
export const PLAID_STANDIN_ERROR: PlaidLinkError = {
  error_type: 'ITEM_ERROR',
  error_code: 'INVALID_CREDENTIALS',
  error_message: 'the provided credentials were not correct',
  display_message: 'The provided credentials were not correct. Please try again.',
};

/** What "Plaid" answers when the person finished linking. */
export interface PlaidStandInLink {
  public_token: string;
  institution: { name: string; institution_id: string };
  accounts: PlaidLinkOnSuccessMetadata['accounts'];
}

export interface PlaidStandInBackend {
  /** The person linked a bank in the Link session of this link token. */
  complete(linkToken: string): Promise<PlaidStandInLink>;
}

/** The environment a link token was made in (`link-sandbox-…`), sandbox if it does not say. */
export const plaidEnvOfToken = (linkToken: string) =>
  /^link-(sandbox|development|production)-/.exec(linkToken)?.[1] ?? 'sandbox';

export const plaidNetworkBackend: PlaidStandInBackend = {
  async complete(linkToken) {
    const response = await fetch(`https://${plaidEnvOfToken(linkToken)}.plaid.com/standin/link/complete`, {
      method: 'POST',
      body: new URLSearchParams({ link_token: linkToken }),
    });
    if (!response.ok) throw new Error(`Plaid answered ${response.status}`);
    return (await response.json()) as PlaidStandInLink;
  },
};

/** What a test can read back from the stand-in. */
export interface PlaidStandInRecord {
  created: PlaidLinkOptions[];
  opened: number;
  destroyed: number;
}

/**
 * Defines `window.Plaid`. react-plaid-link waits for its script tag rather than for
 * `window.Plaid`: in jsdom (which loads no external script) pass `{ markScriptLoaded: true }` to
 * add the tag it then takes as loaded.
 */
export function installPlaidStandIn(
  win: Window = window,
  backend: PlaidStandInBackend = plaidNetworkBackend,
  options: { markScriptLoaded?: boolean } = {},
): PlaidStandInRecord {
  const record: PlaidStandInRecord = { created: [], opened: 0, destroyed: 0 };
  const doc = win.document;

  function create(config: PlaidLinkOptions): PlaidHandler {
    record.created.push(config);
    const token = 'token' in config ? config.token : null;
    const session = `standin-${record.created.length}`;
    let overlay: HTMLElement | null = null;
    let isOpen = false;
    const exitMetadata = (status: string | null): PlaidLinkOnExitMetadata => ({
      institution: null,
      status,
      link_session_id: session,
      request_id: `req-${session}`,
    });

    function close() {
      overlay?.remove();
      overlay = null;
      isOpen = false;
    }

    function exitWith(error: PlaidLinkError | null, status: string | null) {
      close();
      config.onExit?.(error, exitMetadata(status));
    }

    function show() {
      const status = el(doc, 'p', { role: 'status', style: 'margin:8px 0 0;min-height:1.5em' });
      const proceed = el(doc, 'button', { type: 'button', style: BUTTON }, PLAID_STANDIN_CONTINUE);
      const exit = el(doc, 'button', { type: 'button', style: SECONDARY_BUTTON }, PLAID_STANDIN_EXIT);
      const fail = el(doc, 'button', { type: 'button', style: SECONDARY_BUTTON }, PLAID_STANDIN_FAIL);
      exit.addEventListener('click', () => exitWith(null, 'requires_credentials'));
      fail.addEventListener('click', () => exitWith(PLAID_STANDIN_ERROR, 'requires_credentials'));
      proceed.addEventListener('click', () => {
        if (!token) return;
        proceed.setAttribute('disabled', '');
        status.textContent = 'Linking…';
        backend.complete(token).then(
          (linked) => {
            close();
            config.onSuccess(linked.public_token, {
              institution: linked.institution,
              accounts: linked.accounts,
              link_session_id: session,
            });
          },
          (error: unknown) => {
            proceed.removeAttribute('disabled');
            status.textContent = `Plaid could not link the bank: ${error instanceof Error ? error.message : String(error)}`;
          },
        );
      });
      const titleId = `plaid-standin-title-${session}`;
      overlay = el(
        doc,
        'div',
        {
          'data-testid': 'plaid-standin',
          style:
            'position:fixed;inset:0;z-index:2147483647;background:rgba(16,24,40,.6);display:flex;align-items:center;justify-content:center;padding:16px',
        },
        el(
          doc,
          'div',
          {
            role: 'dialog',
            'aria-modal': 'true',
            'aria-labelledby': titleId,
            style: `${FONT};background:#fff;border-radius:12px;padding:24px;width:100%;max-width:360px;box-sizing:border-box`,
          },
          el(doc, 'h2', { id: titleId, style: 'margin:0;font-size:18px' }, PLAID_STANDIN_TITLE),
          el(doc, 'p', { style: 'margin:8px 0 0;color:#475467' }, 'First Platypus Bank · sandbox user_good'),
          vendorFrame(doc, PLAID_CDN_ORIGIN, PLAID_STANDIN_FRAME_TITLE),
          el(doc, 'div', { style: 'display:flex;flex-wrap:wrap;gap:8px' }, proceed, exit, fail),
          status,
        ),
      );
      doc.body.append(overlay);
      proceed.focus();
    }

    // Link reports that its frame is ready a moment after it is made.
    win.setTimeout(() => config.onLoad?.(), 0);
    const handler: PlaidHandler = {
      open() {
        if (isOpen) return;
        isOpen = true;
        record.opened += 1;
        show();
      },
      exit(exitOptions) {
        if (!isOpen) return;
        if (exitOptions?.force) exitWith(null, null);
        else exitWith(null, 'requires_credentials');
      },
      submit() {},
      destroy() {
        close();
        record.destroyed += 1;
      },
    };
    return handler;
  }

  const plaid: Plaid = {
    create,
    createEmbedded: () => {
      throw new Error('The Plaid stand-in has no embedded Link.');
    },
  };
  win.Plaid = plaid;
  if (options.markScriptLoaded && !doc.querySelector(`script[src="${PLAID_LINK_SCRIPT_URL}"]`)) {
    doc.head.append(el(doc, 'script', { src: PLAID_LINK_SCRIPT_URL }));
  }
  return record;
}
