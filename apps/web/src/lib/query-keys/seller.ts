import type { InvoiceFilter } from '@cratebase/contract';

// ── Seller area ─────────────────────────────────────────────────────────────────────────────

export const organizationKeys = {
  all: ['organization'] as const,
  detail: (orgId: string) => ['organization', orgId] as const,
  onboardingStatus: (orgId: string) => ['organization', orgId, 'onboarding-status'] as const,
  /** The organization's logo and banner: under `detail`, so refreshing the organization refreshes it too. */
  imageSet: (orgId: string) => ['organization', orgId, 'image-set'] as const,
};

/** The seller's customer invites (the Invites page, the set-up summary's count). */
export const inviteKeys = {
  all: ['invites'] as const,
  list: (orgId: string, q = '') => ['invites', orgId, { q }] as const,
  organization: (orgId: string) => ['invites', orgId] as const,
  /** The welcome page's "invites sent" count. */
  sent: (orgId: string) => ['invites-sent', orgId] as const,
};

export type ProductLookupKind = 'state' | 'order_unit' | 'weight_unit' | 'dimension_unit';

export const productKeys = {
  all: ['product'] as const,
  lists: (orgId: string) => ['product', 'list', orgId] as const,
  list: (orgId: string, q: string) => ['product', 'list', orgId, { q }] as const,
  detail: (id: string) => ['product', 'detail', id] as const,
  lookup: (kind: ProductLookupKind) => ['product', 'lookup', kind] as const,
};

export const customerKeys = {
  all: ['customers'] as const,
  organization: (orgId: string) => ['customers', orgId] as const,
  list: (orgId: string, q = '') => ['customers', orgId, 'list', { q }] as const,
  detail: (orgId: string, customerId: string) => ['customers', orgId, 'detail', customerId] as const,
  orders: (orgId: string, customerId: string) => ['customers', orgId, 'orders', customerId] as const,
  terms: (orgId: string, customerId: string) => ['customers', orgId, 'terms', customerId] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  of: (orgId: string) => ['dashboard', orgId] as const,
};

export const invoiceKeys = {
  all: (orgId: string) => ['invoices', orgId] as const,
  list: (orgId: string, status: InvoiceFilter) => ['invoices', orgId, 'list', status] as const,
  totals: (orgId: string) => ['invoices', orgId, 'totals'] as const,
};

export const teamKeys = {
  all: (orgId: string) => ['team', orgId] as const,
  members: (orgId: string) => ['team', orgId, 'members'] as const,
  invites: (orgId: string) => ['team', orgId, 'invites'] as const,
};

export const paymentKeys = {
  status: (orgId: string) => ['payments', orgId, 'account-status'] as const,
  session: (orgId: string, account: string) => ['payments', orgId, 'account-session', account] as const,
};

export const bankingKeys = {
  accounts: (orgId: string) => ['banking', orgId, 'accounts'] as const,
  /** One bank-link attempt's session (a new attempt, a new session). */
  linkSession: (orgId: string, attempt: number) => ['banking', orgId, 'link-session', attempt] as const,
};

export const packageTemplateKeys = {
  list: (orgId: string) => ['package-template', orgId] as const,
};
