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
.cb-brand { border-radius: 8px; }
.cb-brand:focus-visible { outline: 3px solid rgba(124, 111, 205, 0.5); outline-offset: 4px; }
.cb-logo { display: block; width: auto; height: 36px; flex: none; }
.cb-legal { color: var(--cb-muted); font-size: 0.875rem; margin: 0 0 8px; }
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

/** The product's mark, the same file as the web client's public/favicon.svg. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#8a74e4"/><stop offset="1" stop-color="#5641b3"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#g)"/><g fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"><path d="M8.5 12.5 16 8.5l7.5 4v8.8L16 25.3l-7.5-4z"/><path d="M8.5 12.5 16 16.6l7.5-4.1M16 16.6v8.6"/><path d="M12.2 10.5l7.5 4.1" stroke-width="1.6" opacity=".75"/></g></svg>`;

/**
 * /favicon.ico: the same mark at 16 and 32 px (PNG images in an ICO container), drawn from
 * FAVICON_SVG once and kept here so the bundled server needs no file beside it.
 */
export const FAVICON_ICO = Buffer.from(
  [
  'AAABAAIAEBAAAAEAIACZAgAAJgAAACAgAAABACAALgYAAL8CAACJUE5HDQoaCgAAAA1JSERSAAAAEAAAABAIBgAAAB/z/2EAAAJO',
  'SURBVHicbFNLaxNRFP5mMrEaipNUTEkW3aiLUkRKfbSIj4UUX8Xqxo0o/oEiPogL0ZXFLlRwqwuRSkQQ0yKIiKBCtSi0pVh0IalN',
  'agLaNJO2mTZp7709czPN3JQODGfumXPO953vnGuAnt6rU6cFYzeFQAvjPAj6IEtGgDPXumfyW/QxQf57D563vdF6r6S6hWCv14I4',
  'JysoWLXcK8KVYlT9rEHJMbcyHGSZJGqTav6rfo6YTgjNapCKuDXkg9lg1BTxkiVYs8EEN9dXDkc2oeNYCG0HGxyJ8O1TDm9f/cWc',
  'xYg1A5GvxEOYhtqrbgicuRDBnv0m5gvLSDxL4/evBZw6H8Wth7sx8mUGL59MolTywHS159YOk1CDyKQW8fTRHxSsZbQf3Ybx73lk',
  'pmwcOLwd++glZGqHyTyPAR2sXBlZSk4lbfTc3oWJ0QJ0XcOhzjCGP/6H4QfyuZIyWmLNFeEq8wcG+qdx9/oPBOp9qNus4U7PGF48',
  'TlIiFK2Ey0AV0JktPY7a+RmGdLIo/bP/lqR1/nrT4AoD18kZjS5ooGlHwFVZkpI9N+0MwAz5wdZtpha7PC7WNkz3CXR2R3DkRCN+',
  'jlmwiysyaEvAQEtrEO8HpzEYn0S57DHQblwatSjG9Hafod704/i5KInXKFv6/C6LgThNJV+mJKasNQratYsjX6lSu7dhvCpQOFon',
  'J5RJ2VXEiq1etGGdTn21uy+qc86mbUoubnA3ILWg2D79fv/ehFhhXYQ8RPQt9QozvsHF4rCojSGN8674h5OJVQAAAP//m9REhAAA',
  'AAZJREFUAwA5CnSjMloXMwAAAABJRU5ErkJggolQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAABeNJREFUeJykV2ts',
  'VEUU/u7d2y0F2i1d2tJCS0hUoIRAKQhtUSgBKygGVEDUSDHxByqa4DNGYjH8kEc0kfhDEiOJkPAwYOQtj4hQgyDSEqhCKy2wttsX',
  '22ZbS7u7M86d+9i5j900cZJ255yZOXO+85yrwDY2b2iaIxGsJYROliAVEUL8Kp9SwtcZHwatzijR+ZTq6xpNiUHTLkiopyRWT2S6',
  '6/NdJRfF+yRjUl3dNMzbjU2g0juEEo92CY3/6TRMnr4OqvMF2lTSfp7E2L/tvcOxcefOmRFTgc82BKbFSHQfm040EQlIRZpQO0Ji',
  's0jyfaql2KV10WhszY59s+tklRkjkdVMgnk5R8SRaUKJQHOkRENqXmIgFJDH98XdQw03UTpNluTV3AKb32ouk2ScZ5fLyZBbEdLE',
  'Pk9oIWqPGVXgDEWS6Ctss2xFLvgcyX0ON+SW81Za4MtMg3UKo6ZbkVIbIhs/QcCJ7gCc2WF1r0azWJikMHqSrpcrciRAnpIq4dHH',
  'szj927kuPOh3R263gGghNpmkMA19bsiF1LEIk2SKsgV+VDydjeEjeLaiYmkOzvwYRM2pTkQiMVefxwPQQudKn77ZSIeS52q+zij3',
  'YdGyHKT7UuA2uu9HcOL7Flw+3wlCrXXAAGe3pLTpjQYqxoBbFE+eno4nlucgJz9VXwOu/HofR/e38PmiZWMwp8IPj0era8HAAxzZ',
  'ew/X/+i2xIDoHiM7pGqmQCLkhQ+l4eXXC0xTq6PlTj8zM0U0QlBf28P93/9vDKP8KVj8fD5KyrPMvX29UXy95RaaboXdKyb79cyb',
  'ub7aESj64kvrCuDP9nJh4Z4odn/VzFC3oqE+jBEjPXhkSgaKijO4te409qHuUghNN8OYONWH1GEeeL0y8gvTUHO23RkDuoWVZHne',
  '0TqAseOH8Y3pPgVVb0/AuePtOHukDScOBpGdl4rS+X6ULhiNqbMyuVWKZ2fBo5gtBm0t/c66IYCViVvq6JsHBzVtb93oRXvLABe8',
  'YGkuPtxWhNnzstDBhP+w5x6aG3oxZXomZpb7+Z5goB9/XevhZw0ZhBc+vW5QI7sos0CCPDdqgzpCHYP4ZvvfKJk7CpXL8+DLSsGK',
  'Vwsxd1E2X88rSNPdFMGx/QHUnGnHqtcmaCag9tS23qPY89ziI2oYkvIsufzLfVyp6UL5wmwsfCbPvLgvHMXJQy04/1ObWQdgWBTO',
  'Fi26QbFXKDFAzOt1XdR1wjLg52NtqLscwsYvpvL1rR9dR6hz0HGJeZ4IRc1mcYW6dru4z+JCrLU9MhAz12JR6shzwXimfPG8sU8R',
  'zWHvauZhuJvPidBqSWMQAbk962RLdArIjU3qyMhMQYpXitd2M0jjCooxpDaqDL1cO1KPWJVU4ILc2NwTGuT8KcU+fMz8rQbahdPt',
  'zOTEgtA4xx42mL84D0tWFCA9Q1Mg1Dlg6QH2Yqck6+dnjwR5Xs9bnIuRGQqeW1OIiiW5OHoggJvXui1KzHrMj6UvjIc/R+sXEZb/',
  'pw8HcPzgXWedEdwmfbD2GhW7lqMrQquClc/mo7QiG7KsXRj8px9jxmpp2MoKT944ba566MKpVhzee4d1xwGLO91iQHq/qi7IyNwh',
  'vOEwOjcVT60ch5IyP9zG7xc6cWjPbXQEH8QDM9F3g+a2NundqtoTbLXSDTlN0M/Hjh+OZS8Wsjadyfn1tSEc/K4Zd2+HHXmeCDkv',
  'bpSeVJhKtcwTlUN5wxlKBZr78OXmG5hR6keMFabaS11mDLm+IWFLVWjvD4kdld6ruvowidHrbMHripwm7hXJ9iVDrtO9koRieduu',
  '4gYQfGLxObXmtT3PrV0teZ6rSKkLzWJh4+6TTzbymL472LiNHbpqCCGC2YSAcTxYicDXlHT5koKI3PyMq42O6t2hzrkCBw6sjIW8',
  '4TI23cI/IE2fJ0NOjEBKnOdO5DEmZ6s3klaq3qny408XfaxfdXEOE10lEVLEzhQxlv9/+ZzSLkbVs98/mVLf7jm9xPJ5/h8AAAD/',
  '/3ZcJ5IAAAAGSURBVAMA+Z+9dL1AqF4AAAAASUVORK5CYII=',
  ].join(''),
  'base64',
);

export const FAVICON_ICO_PATH = '/favicon.ico';

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
  favicon: {
    path: `${ASSETS_PREFIX}/favicon.svg`,
    version: version(FAVICON_SVG),
    body: FAVICON_SVG,
    type: 'image/svg+xml',
  },
} as const;

export const cssHref = `${assets.css.path}?v=${assets.css.version}`;
export const scriptSrc = `${assets.js.path}?v=${assets.js.version}`;
export const faviconHref = `${assets.favicon.path}?v=${assets.favicon.version}`;
