/**
 * Bank accounts for payouts (spec sections 2 "Bank accounts", 3 "Bank account", 7
 * "/api/plaid/..."; DECISIONS "Bank accounts screen", "The built-in bank linking"): the plain
 * rules and texts the server and the browser share (zod-free).
 */

/** The empty state of the bank account list (spec section 2). */
export const NO_BANK_ACCOUNTS_MESSAGE = "You don't have any bank accounts yet.";

/** How long a link token, and the public token a finished link yields, stay usable. */
export const BANK_LINK_TOKEN_TTL_MINUTES = 30;

/** The sign-in the built-in test institutions accept (DECISIONS); anything else is refused. */
export const BUILTIN_BANK_TEST_USERNAME = 'user_good';
export const BUILTIN_BANK_TEST_PASSWORD = 'pass_good';

/** What a test institution says to a wrong username or password (Plaid's words for it). */
export const INVALID_BANK_CREDENTIALS_MESSAGE = 'The provided credentials were not correct. Please try again.';

/** Longest username, password and token a bank link call accepts. */
export const BANK_LINK_LIMITS = { username: 128, password: 128, token: 512 } as const;

/** "Checking", "Savings", "Money market": an account's subtype (or type) as a person reads it. */
export function bankAccountKindLabel(account: { type: string; subtype: string | null }): string {
  const raw = (account.subtype ?? account.type).replace(/[_-]+/g, ' ').trim();
  if (!raw) return 'Account';
  return raw.charAt(0).toUpperCase() + raw.slice(1);
}
