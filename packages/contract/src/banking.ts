// Bank accounts for payouts (spec sections 2 "Bank accounts", 3 "Bank account", 7
// "/api/plaid/..."; DECISIONS "Outside services", "Bank accounts screen"). Plain rules and
// texts: banking-rules.ts, exported with these schemas.
import { z } from 'zod';
import { Uuid } from './common.js';
import { BANK_LINK_LIMITS } from './banking-rules.js';

export * from './banking-rules.js';

const token = (what: string) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(BANK_LINK_LIMITS.token, `must be a ${what}`);

export const BankingProviderName = z.enum(['builtin', 'plaid']);
export type BankingProviderName = z.infer<typeof BankingProviderName>;

/** GET /api/plaid/link/token/create and GET /api/plaid/accounts: the organization they are for. */
export const BankOrganizationQuery = z.strictObject({ organization_id: Uuid });
export type BankOrganizationQuery = z.infer<typeof BankOrganizationQuery>;

/** A link token: authorises one bank-linking session of one organization until `expiration`. */
export const LinkToken = z.object({
  link_token: z.string(),
  /** ISO 8601. */
  expiration: z.string(),
  /** Which linking widget opens it: the built-in test bank link, or Plaid Link. */
  provider: BankingProviderName,
});
export type LinkToken = z.infer<typeof LinkToken>;

/** POST /api/plaid/item/public_token/exchange: the spec's body public_token, and the organization. */
export const PublicTokenExchangeBody = z.strictObject({
  public_token: token('public token'),
  organization_id: Uuid,
});
export type PublicTokenExchangeBody = z.infer<typeof PublicTokenExchangeBody>;

/** Bank account (spec section 3: id, name, type, default). */
export const BankAccount = z.object({
  id: z.string(),
  name: z.string(),
  /** depository, credit, … */
  type: z.string(),
  /** checking, savings, … */
  subtype: z.string().nullable(),
  /** The last digits of the account number. */
  mask: z.string().nullable(),
  institution_name: z.string().nullable(),
  /** Payouts go to this account; one per organization. */
  is_default: z.boolean(),
  /** The spec's name for is_default (the same value). */
  default: z.boolean(),
  created_at: z.string(),
});
export type BankAccount = z.infer<typeof BankAccount>;
export const BankAccountList = z.array(BankAccount);

/** POST /api/plaid/accounts/{id}/default. */
export const BankAccountParams = z.strictObject({ id: Uuid });

// ─── The built-in linking widget (its own calls, authorised by the link token) ───────────

export const BuiltinLinkBody = z.strictObject({ link_token: token('link token') });
export type BuiltinLinkBody = z.infer<typeof BuiltinLinkBody>;

export const BankInstitution = z.object({ institution_id: z.string(), name: z.string() });
export type BankInstitution = z.infer<typeof BankInstitution>;

/** An account at the institution, as the linking widget shows it before the user picks. */
export const LinkAccount = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  subtype: z.string().nullable(),
  mask: z.string().nullable(),
});
export type LinkAccount = z.infer<typeof LinkAccount>;

/** POST /api/plaid/builtin/link/session: what the widget opens with. */
export const BuiltinLinkSession = z.object({
  client_name: z.string(),
  expiration: z.string(),
  institutions: z.array(BankInstitution),
});
export type BuiltinLinkSession = z.infer<typeof BuiltinLinkSession>;

/** POST /api/plaid/builtin/link/credentials: signing in at the institution. */
export const BuiltinLinkCredentialsBody = z.strictObject({
  link_token: token('link token'),
  institution_id: z.string({ message: 'is required' }).trim().min(1, 'is required').max(64, 'is not an institution'),
  username: z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(BANK_LINK_LIMITS.username, `must be at most ${BANK_LINK_LIMITS.username} characters`),
  password: z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(BANK_LINK_LIMITS.password, `must be at most ${BANK_LINK_LIMITS.password} characters`),
});
export type BuiltinLinkCredentialsBody = z.infer<typeof BuiltinLinkCredentialsBody>;

/** Signed in: the institution's accounts to pick from. */
export const BuiltinLinkSignedIn = z.object({
  institution: BankInstitution,
  accounts: z.array(LinkAccount),
});
export type BuiltinLinkSignedIn = z.infer<typeof BuiltinLinkSignedIn>;

/** POST /api/plaid/builtin/link/accounts: the accounts the user picked. */
export const BuiltinLinkAccountsBody = z.strictObject({
  link_token: token('link token'),
  account_ids: z
    .array(z.string().min(1).max(64), { message: 'is required' })
    .min(1, 'choose at least one account')
    .max(20, 'has too many accounts'),
});
export type BuiltinLinkAccountsBody = z.infer<typeof BuiltinLinkAccountsBody>;

/** The end of a link (Plaid Link's onSuccess): the public token to exchange and what was linked. */
export const BuiltinLinkSuccess = z.object({
  public_token: z.string(),
  institution: BankInstitution,
  accounts: z.array(LinkAccount),
});
export type BuiltinLinkSuccess = z.infer<typeof BuiltinLinkSuccess>;
