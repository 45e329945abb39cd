/**
 * Bank accounts for payouts through a bank-linking provider (spec section 7 "/api/plaid/...";
 * DECISIONS "Outside services"), in the shape of Plaid Link:
 *
 *   link token ──the user links a bank in the widget──► public token ──exchange──► item (+ access token)
 *                                                                                   └─ accounts
 *
 * A link token authorises one linking session of one organization (the `clientUserId`) for 30
 * minutes; the widget ends with a public token (single-use, 30 minutes) that our server
 * exchanges for the item; the item's accounts are the ones the user picked. Every method takes
 * and returns plain data, so a provider is tested without HTTP.
 */
import type { BankInstitution, LinkAccount } from '@cratebase/contract';

export interface CreatedLinkToken {
  linkToken: string;
  expiresAt: Date;
}

export interface ExchangedItem {
  itemId: string;
  /** Reads the item's accounts. The caller uses it at once and does not keep it. */
  accessToken: string;
}

export interface ProviderBankAccount {
  /** The provider's id of the account (stable for the item). */
  accountId: string;
  name: string;
  type: string;
  subtype: string | null;
  mask: string | null;
}

export interface ItemAccounts {
  itemId: string;
  institutionId: string | null;
  institutionName: string | null;
  accounts: ProviderBankAccount[];
}

/**
 * The built-in linking widget's own calls (only the built-in provider has them; Plaid Link is
 * Plaid's). Each is authorised by a live link token and throws BankingProviderError otherwise.
 */
export interface BuiltinBankLink {
  /** The organization a link token was created for, or null for an unknown token (the access check). */
  linkTokenOwner(linkToken: string): Promise<string | null>;
  /** The widget's opening screen: who asks, until when, and the institutions to choose from. */
  session(linkToken: string): Promise<{ clientName: string; expiresAt: Date; institutions: BankInstitution[] }>;
  /** Signing in at an institution: its accounts, or invalid_credentials with the bank's message. */
  signIn(input: {
    linkToken: string;
    institutionId: string;
    username: string;
    password: string;
  }): Promise<{ institution: BankInstitution; accounts: LinkAccount[] }>;
  /** The accounts the user picked (after signing in): the link ends with a public token. */
  chooseAccounts(input: {
    linkToken: string;
    accountIds: string[];
  }): Promise<{ publicToken: string; institution: BankInstitution; accounts: LinkAccount[] }>;
}

export interface BankingProvider {
  /** Recorded on our bank accounts (bank_accounts.provider). */
  readonly name: 'builtin' | 'plaid';

  /** A link token for one linking session of the organization (`clientUserId`). */
  createLinkToken(input: { clientUserId: string; clientName: string }): Promise<CreatedLinkToken>;

  /**
   * The item a public token stands for. Single-use: a second exchange (even a concurrent one)
   * throws token_used. `clientUserId` is the organization asking: a provider that knows whose
   * token it is refuses another organization's (invalid_token).
   */
  exchangePublicToken(input: { publicToken: string; clientUserId: string }): Promise<ExchangedItem>;

  /** The item's accounts (the ones the user picked) and its institution. */
  getAccounts(accessToken: string): Promise<ItemAccounts>;

  /** Only the built-in provider: the calls of its linking widget. */
  builtinLink?: BuiltinBankLink;
}

/** A failure the provider reports in words a user may read (codes are stable for callers). */
export class BankingProviderError extends Error {
  constructor(
    public readonly code:
      | 'invalid_token'
      | 'token_expired'
      | 'token_used'
      | 'unknown_institution'
      | 'invalid_credentials'
      | 'not_signed_in'
      | 'unknown_account'
      | 'provider_unavailable',
    message: string,
    /** The request field the failure is about (link_token, public_token, password, …). */
    public readonly field?: string,
  ) {
    super(message);
    this.name = 'BankingProviderError';
  }
}
