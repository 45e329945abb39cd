/**
 * Static assets of the sign-in pages, kept as strings so the bundled server (dist/main.js)
 * needs no files beside it. Served under /interaction/assets/ with a content hash in the
 * URL, so they can be cached for a year. No inline styles or scripts anywhere: the pages work
 * under a `default-src 'self'` Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/** The product's font, from the web client's @fontsource package (same files the SPA ships). */
const FONT_WEIGHTS = [400, 600] as const;
const fontPath = (weight: number) => `/interaction/assets/ibm-plex-sans-${weight}.woff2`;

export function loadFontAssets(): { path: string; body: Buffer; type: string }[] {
  try {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@fontsource/ibm-plex-sans/package.json'));
    return FONT_WEIGHTS.map((weight) => ({
      path: fontPath(weight),
      body: fs.readFileSync(path.join(dir, 'files', `ibm-plex-sans-latin-${weight}-normal.woff2`)),
      type: 'font/woff2',
    }));
  } catch {
    return []; // Without the package the pages fall back to the system sans-serif.
  }
}

export const IDENTITY_CSS = `
${FONT_WEIGHTS.map(
  (w) =>
    `@font-face { font-family: 'IBM Plex Sans'; font-style: normal; font-weight: ${w}; font-display: swap; src: url('${fontPath(w)}') format('woff2'); }`,
).join('\n')}
:root {
  --cb-primary: #6e56cf;
  --cb-primary-strong: #6149c4;
  --cb-primary-stronger: #5641b3;
  --cb-link: #5641b3;
  --cb-text: #2f2d3a;
  --cb-muted: #5f5d6b;
  --cb-bg: #f7f6fb;
  --cb-border: #d9d5e8;
  --cb-error: #b3261e;
  --cb-error-bg: #fdf0ef;
  --cb-error-border: #f1c4c0;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  min-height: 100vh;
  font-family: 'IBM Plex Sans', sans-serif;
  font-size: 16px;
  line-height: 1.5;
  color: var(--cb-text);
  background: var(--cb-bg);
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 56px 16px 32px;
}
.cb-shell { width: 100%; max-width: 420px; }
.cb-brand {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  margin: 0 0 24px;
  text-decoration: none;
  color: var(--cb-text);
}
.cb-brand svg { width: 32px; height: 32px; flex: none; }
.cb-wordmark { font-size: 1.5rem; font-weight: 600; letter-spacing: -0.01em; }
.cb-card {
  background: #fff;
  border-radius: 12px;
  box-shadow: 0 1px 2px rgba(46, 42, 59, 0.06), 0 8px 28px rgba(46, 42, 59, 0.08);
  padding: 32px;
}
.cb-card h1 { font-size: 1.5rem; line-height: 1.3; font-weight: 600; margin: 0 0 6px; }
.cb-subtitle { color: var(--cb-muted); margin: 0 0 24px; }
.cb-alert {
  background: var(--cb-error-bg);
  color: var(--cb-error);
  border: 1px solid var(--cb-error-border);
  border-radius: 8px;
  padding: 10px 14px;
  margin: 0 0 20px;
}
.cb-field { margin: 0 0 18px; }
.cb-field label { display: block; font-weight: 500; margin: 0 0 6px; }
.cb-field input {
  display: block;
  width: 100%;
  height: 44px;
  padding: 0 12px;
  font: inherit;
  color: inherit;
  background: #fff;
  border: 1px solid var(--cb-border);
  border-radius: 8px;
  transition: border-color 0.15s, box-shadow 0.15s;
}
.cb-field input:focus { outline: none; border-color: var(--cb-primary); box-shadow: 0 0 0 3px rgba(124, 111, 205, 0.28); }
.cb-field input[aria-invalid='true'] { border-color: var(--cb-error); }
.cb-field input[aria-invalid='true']:focus { box-shadow: 0 0 0 3px rgba(179, 38, 30, 0.18); }
.cb-hint { color: var(--cb-muted); font-size: 0.875rem; margin: 6px 0 0; }
.cb-field-error { color: var(--cb-error); font-size: 0.875rem; margin: 6px 0 0; }
.cb-button {
  display: block;
  width: 100%;
  min-height: 44px;
  margin: 8px 0 0;
  padding: 10px 16px;
  border: 0;
  border-radius: 8px;
  background: var(--cb-primary-strong);
  color: #fff;
  font: inherit;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
}
.cb-button:hover { background: var(--cb-primary-stronger); }
.cb-button:focus-visible { outline: 3px solid rgba(124, 111, 205, 0.5); outline-offset: 2px; }
.cb-button-secondary { background: #fff; color: var(--cb-link); border: 1px solid var(--cb-border); }
.cb-button-secondary:hover { background: var(--cb-bg); }
.cb-switch { text-align: center; color: var(--cb-muted); margin: 24px 0 0; }
.cb-card a, .cb-footer a { color: var(--cb-link); font-weight: 500; }
.cb-footer { text-align: center; color: var(--cb-muted); font-size: 0.8125rem; margin: 24px 0 0; }
@media (max-width: 480px) {
  body { padding: 28px 12px 24px; }
  .cb-card { padding: 24px 20px; }
  .cb-card h1 { font-size: 1.3rem; }
}
`;

/**
 * Progressive enhancement only; every page works without it.
 *  - A form is sent once: its submit button is disabled while the next page loads.
 *  - The sign-out page submits itself when the request carried a valid id_token_hint for the
 *    signed-in person (its "Sign out" button stays as the fallback).
 */
export const IDENTITY_JS = `(function () {
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.getAttribute('data-submitting')) { event.preventDefault(); return; }
    form.setAttribute('data-submitting', 'true');
    var buttons = document.querySelectorAll('button[type=submit]');
    setTimeout(function () {
      for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute('disabled', '');
    }, 0);
  });
  window.addEventListener('pageshow', function (event) {
    if (!event.persisted) return;
    var forms = document.querySelectorAll('form[data-submitting]');
    for (var i = 0; i < forms.length; i++) forms[i].removeAttribute('data-submitting');
    var buttons = document.querySelectorAll('button[type=submit][disabled]');
    for (var j = 0; j < buttons.length; j++) buttons[j].removeAttribute('disabled');
  });
  var logout = document.getElementById('op.logoutForm');
  if (logout && document.body.hasAttribute('data-auto-sign-out')) {
    var input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'logout';
    input.value = 'yes';
    logout.appendChild(input);
    logout.setAttribute('data-submitting', 'true');
    logout.submit();
  }
})();
`;

function version(content: string): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 10);
}

export const ASSETS_PREFIX = '/interaction/assets';

export const assets = {
  css: {
    path: `${ASSETS_PREFIX}/identity.css`,
    version: version(IDENTITY_CSS),
    body: IDENTITY_CSS,
    type: 'text/css; charset=utf-8',
  },
  js: {
    path: `${ASSETS_PREFIX}/identity.js`,
    version: version(IDENTITY_JS),
    body: IDENTITY_JS,
    type: 'text/javascript; charset=utf-8',
  },
} as const;

export const cssHref = `${assets.css.path}?v=${assets.css.version}`;
export const scriptSrc = `${assets.js.path}?v=${assets.js.version}`;
