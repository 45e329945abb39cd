/**
 * Server-rendered pages of the built-in identity provider: sign in, create account, sign
 * out, and the messages around them. Plain HTML + one stylesheet, no inline script or style.
 */
import type { AccountField, FieldProblem } from './accounts.js';
import { PASSWORD_MIN_LENGTH } from './accounts.js';
import { cssHref, faviconHref, scriptSrc } from './assets.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The product's full-colour logo, drawn as the web client's Logo.tsx draws it: the crate on a
 * purple rounded square, then the "Cratebase" wordmark ("Crate" in ink, "base" in purple).
 */
const LOGO = `<svg class="cb-logo" viewBox="0 0 146 32" width="146" height="32" role="img" aria-label="Cratebase" focusable="false">
  <defs><linearGradient id="cb-mark" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#8a74e4"/><stop offset="1" stop-color="#5641b3"/>
  </linearGradient></defs>
  <rect width="32" height="32" rx="8" fill="url(#cb-mark)"/>
  <g fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">
    <path d="M8.5 12.5 16 8.5l7.5 4v8.8L16 25.3l-7.5-4z"/>
    <path d="M8.5 12.5 16 16.6l7.5-4.1M16 16.6v8.6"/>
    <path d="M12.2 10.5l7.5 4.1" stroke-width="1.6" opacity="0.75"/>
  </g>
  <text x="40" y="23" font-family="'IBM Plex Sans', sans-serif" font-size="21" font-weight="600" letter-spacing="-0.4" textLength="104" lengthAdjust="spacingAndGlyphs"><tspan fill="#2f2d3a">Crate</tspan><tspan fill="#6e56cf">base</tspan></text>
</svg>`;

/** The web client's Terms and Privacy pages (SPA routes, reachable signed out). */
export function legalUrls(homeUrl: string): { terms: string; privacy: string } {
  return { terms: new URL('/terms', homeUrl).href, privacy: new URL('/privacy', homeUrl).href };
}

interface LayoutOptions {
  title: string;
  homeUrl: string;
  body: string;
  /** Marks the sign-out page for automatic submission (by identity.js). */
  autoSignOut?: boolean;
}

export function layout({ title, homeUrl, body, autoSignOut }: LayoutOptions): string {
  const legal = legalUrls(homeUrl);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Cratebase</title>
<link rel="icon" type="image/svg+xml" href="${faviconHref}">
<link rel="stylesheet" href="${cssHref}">
<script src="${scriptSrc}" defer></script>
</head>
<body${autoSignOut ? ' data-auto-sign-out' : ''}>
<main class="cb-shell">
<a class="cb-brand" href="${escapeHtml(homeUrl)}">${LOGO}</a>
${body}
<p class="cb-footer">Wholesale ordering for sellers and their retailers.<br>
<a href="${escapeHtml(legal.terms)}">Terms</a> · <a href="${escapeHtml(legal.privacy)}">Privacy Policy</a></p>
</main>
</body>
</html>`;
}

export interface AccountFormState {
  email?: string;
  problems?: FieldProblem[];
  formError?: string;
  invalidFields?: AccountField[];
}

interface FieldSpec {
  name: AccountField;
  label: string;
  type: 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  autofocus?: boolean;
}

function field(spec: FieldSpec, state: AccountFormState): string {
  const problem = state.problems?.find((p) => p.field === spec.name);
  const invalid = Boolean(problem) || Boolean(state.invalidFields?.includes(spec.name));
  const describedBy = [spec.hint ? `${spec.name}-hint` : null, problem ? `${spec.name}-error` : null]
    .filter(Boolean)
    .join(' ');
  const attrs = [
    `id="${spec.name}"`,
    `name="${spec.name}"`,
    `type="${spec.type}"`,
    `autocomplete="${spec.autocomplete}"`,
    'required',
    spec.type === 'email' ? 'inputmode="email" autocapitalize="none" spellcheck="false"' : '',
    spec.value !== undefined && spec.value !== '' ? `value="${escapeHtml(spec.value)}"` : '',
    invalid ? 'aria-invalid="true"' : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    spec.autofocus ? 'autofocus' : '',
  ].filter(Boolean);
  return `<div class="cb-field">
<label for="${spec.name}">${escapeHtml(spec.label)}</label>
<input ${attrs.join(' ')}>
${spec.hint ? `<p class="cb-hint" id="${spec.name}-hint">${escapeHtml(spec.hint)}</p>\n` : ''}${problem ? `<p class="cb-field-error" id="${spec.name}-error">${escapeHtml(problem.message)}</p>\n` : ''}</div>`;
}

function firstInvalid(state: AccountFormState): AccountField | undefined {
  return state.problems?.[0]?.field ?? state.invalidFields?.[0];
}

export interface AccountPageOptions extends AccountFormState {
  uid: string;
  homeUrl: string;
}

export function signInPage(opts: AccountPageOptions): string {
  const focus = firstInvalid(opts) ?? (opts.email ? 'password' : 'email');
  const base = `/interaction/${encodeURIComponent(opts.uid)}`;
  const body = `<section class="cb-card" aria-labelledby="page-title">
<h1 id="page-title">Sign in</h1>
<p class="cb-subtitle">Welcome back. Sign in to your Cratebase account.</p>
${opts.formError ? `<p class="cb-alert" role="alert">${escapeHtml(opts.formError)}</p>\n` : ''}<form method="post" action="${base}/login" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: opts.email, autofocus: focus === 'email' }, opts)}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: focus === 'password' }, opts)}
<button class="cb-button" type="submit">Sign in</button>
</form>
<p class="cb-switch">Don't have an account? <a href="${base}/signup">Create account</a></p>
</section>`;
  return layout({ title: 'Sign in', homeUrl: opts.homeUrl, body });
}

export function signUpPage(opts: AccountPageOptions): string {
  const legal = legalUrls(opts.homeUrl);
  const focus = firstInvalid(opts) ?? 'email';
  const base = `/interaction/${encodeURIComponent(opts.uid)}`;
  const body = `<section class="cb-card" aria-labelledby="page-title">
<h1 id="page-title">Create your account</h1>
<p class="cb-subtitle">Start ordering and selling wholesale on Cratebase.</p>
${opts.formError ? `<p class="cb-alert" role="alert">${escapeHtml(opts.formError)}</p>\n` : ''}<form method="post" action="${base}/signup" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: opts.email, autofocus: focus === 'email' }, opts)}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: `At least ${PASSWORD_MIN_LENGTH} characters.`, autofocus: focus === 'password' }, opts)}
<p class="cb-legal">By creating an account, you agree to the <a href="${escapeHtml(legal.terms)}">Terms</a> and <a href="${escapeHtml(legal.privacy)}">Privacy Policy</a>.</p>
<button class="cb-button" type="submit">Create account</button>
</form>
<p class="cb-switch">Already have an account? <a href="${base}/login">Sign in</a></p>
</section>`;
  return layout({ title: 'Create account', homeUrl: opts.homeUrl, body });
}

export interface MessagePageOptions {
  title: string;
  heading: string;
  message: string;
  homeUrl: string;
  action?: { href: string; label: string };
  alert?: boolean;
}

export function messagePage(opts: MessagePageOptions): string {
  const body = `<section class="cb-card" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(opts.heading)}</h1>
<p class="cb-subtitle"${opts.alert ? ' role="alert"' : ''}>${escapeHtml(opts.message)}</p>
${opts.action ? `<a class="cb-button" href="${escapeHtml(opts.action.href)}">${escapeHtml(opts.action.label)}</a>\n` : ''}</section>`;
  return layout({ title: opts.title, homeUrl: opts.homeUrl, body });
}

/**
 * `form` is oidc-provider's hidden form (`id="op.logoutForm"`, carrying its xsrf token).
 * With `auto`, the page submits itself as a full sign-out; otherwise the person confirms.
 */
export function signOutPage(opts: { form: string; homeUrl: string; auto: boolean }): string {
  const body = `<section class="cb-card" aria-labelledby="page-title">
<h1 id="page-title">${opts.auto ? 'Signing you out…' : 'Sign out of Cratebase?'}</h1>
<p class="cb-subtitle">${opts.auto ? 'One moment while we sign you out of Cratebase.' : 'You will need to sign in again to place or manage orders.'}</p>
${opts.form}
<button class="cb-button" type="submit" form="op.logoutForm" name="logout" value="yes"${opts.auto ? '' : ' autofocus'}>Sign out</button>
${opts.auto ? '' : `<a class="cb-button cb-button-secondary" href="${escapeHtml(opts.homeUrl)}">Stay signed in</a>\n`}</section>`;
  return layout({ title: 'Sign out', homeUrl: opts.homeUrl, body, autoSignOut: opts.auto });
}

export function signedOutPage(homeUrl: string): string {
  return messagePage({
    title: 'Signed out',
    heading: "You're signed out",
    message: 'You have been signed out of Cratebase.',
    homeUrl,
    action: { href: homeUrl, label: 'Back to Cratebase' },
  });
}
