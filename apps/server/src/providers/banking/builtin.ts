/**
 * The built-in bank-linking provider (DECISIONS "Outside services": a sandbox linking dialog
 * with test institutions and accounts), a real linking flow in the shape of Plaid Link,
 * persisted in its own tables, no network:
 *
 *   link token ─sign in at an institution─► item (pending) ─pick accounts─► public token
 *        (user_good / pass_good; anything else          (link token used up)     │
 *         fails with the bank's message)                                exchange (once)
 *                                                                               ▼
 *                                                               access token ─► accounts
 *
 * Link and public tokens expire after 30 minutes and are single-use; every token is stored as
 * its SHA-256. A link token and its public token are bound to the organization they were made for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  BANK_LINK_TOKEN_TTL_MINUTES,
  BUILTIN_BANK_TEST_PASSWORD,
  BUILTIN_BANK_TEST_USERNAME,
  INVALID_BANK_CREDENTIALS_MESSAGE,
  type BankInstitution,
  type LinkAccount,
} from '@cratebase/contract';
import type { DbOrTx } from '../../db/client.js';
import {
  builtinBankAccessTokens,
  builtinBankItemAccounts,
  builtinBankItems,
  builtinBankLinkTokens,
  builtinBankPublicTokens,
} from './schema.js';
import { BankingProviderError, type BankingProvider, type BuiltinBankLink } from './interface.js';

export const LINK_TOKEN_TTL_MS = BANK_LINK_TOKEN_TTL_MINUTES * 60 * 1000;
export const PUBLIC_TOKEN_TTL_MS = BANK_LINK_TOKEN_TTL_MINUTES * 60 * 1000;

interface TestAccount {
  name: string;
  type: string;
  subtype: string;
  mask: string;
}

/** The test institutions (Plaid's sandbox names and ids), each with a checking and a savings account. */
export const BUILTIN_INSTITUTIONS: ReadonlyArray<BankInstitution & { accounts: readonly TestAccount[] }> = [
  {
    institution_id: 'ins_109508',
    name: 'First Platypus Bank',
    accounts: [
      { name: 'Platypus Business Checking', type: 'depository', subtype: 'checking', mask: '0000' },
      { name: 'Platypus Business Savings', type: 'depository', subtype: 'savings', mask: '1111' },
    ],
  },
  {
    institution_id: 'ins_109511',
    name: 'Tartan Bank',
    accounts: [
      { name: 'Tartan Everyday Checking', type: 'depository', subtype: 'checking', mask: '2222' },
      { name: 'Tartan High-Yield Savings', type: 'depository', subtype: 'savings', mask: '3333' },
    ],
  },
  {
    institution_id: 'ins_109512',
    name: 'Houndstooth Bank',
    accounts: [
      { name: 'Houndstooth Operating Checking', type: 'depository', subtype: 'checking', mask: '4444' },
      { name: 'Houndstooth Reserve Savings', type: 'depository', subtype: 'savings', mask: '5555' },
    ],
  },
];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const randomId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;
const institutionOf = (id: string) => BUILTIN_INSTITUTIONS.find((i) => i.institution_id === id);
const publicInstitution = (i: BankInstitution): BankInstitution => ({ institution_id: i.institution_id, name: i.name });

const accountColumns = {
  id: builtinBankItemAccounts.id,
  name: builtinBankItemAccounts.name,
  type: builtinBankItemAccounts.type,
  subtype: builtinBankItemAccounts.subtype,
  mask: builtinBankItemAccounts.mask,
};

const linkTokenError = {
  invalid: () => new BankingProviderError('invalid_token', 'link_token: is not a valid link token.', 'link_token'),
  expired: () =>
    new BankingProviderError(
      'token_expired',
      'link_token: the bank link session has expired. Please start again.',
      'link_token',
    ),
  used: () =>
    new BankingProviderError(
      'token_used',
      'link_token: this bank link session has already been completed. Please start again.',
      'link_token',
    ),
};

export function createBuiltinBanking(db: DbOrTx, opts: { now?: () => Date } = {}): BankingProvider {
  const now = opts.now ?? (() => new Date());

  /** The live link token's row (inside `tx`, locked for update when asked), or the reason it is not. */
  async function liveLinkToken(tx: DbOrTx, linkToken: string, lock = false) {
    const query = tx
      .select({
        tokenHash: builtinBankLinkTokens.tokenHash,
        clientUserId: builtinBankLinkTokens.clientUserId,
        clientName: builtinBankLinkTokens.clientName,
        expiresAt: builtinBankLinkTokens.expiresAt,
        completedAt: builtinBankLinkTokens.completedAt,
      })
      .from(builtinBankLinkTokens)
      .where(eq(builtinBankLinkTokens.tokenHash, hashToken(linkToken)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw linkTokenError.invalid();
    if (row.completedAt) throw linkTokenError.used();
    if (row.expiresAt.getTime() <= now().getTime()) throw linkTokenError.expired();
    return row;
  }

  const builtinLink: BuiltinBankLink = {
    async linkTokenOwner(linkToken) {
      const [row] = await db
        .select({ clientUserId: builtinBankLinkTokens.clientUserId })
        .from(builtinBankLinkTokens)
        .where(eq(builtinBankLinkTokens.tokenHash, hashToken(linkToken)));
      return row?.clientUserId ?? null;
    },

    async session(linkToken) {
      const row = await liveLinkToken(db, linkToken);
      return { clientName: row.clientName, expiresAt: row.expiresAt, institutions: BUILTIN_INSTITUTIONS.map(publicInstitution) };
    },

    async signIn({ linkToken, institutionId, username, password }) {
      const institution = institutionOf(institutionId);
      return db.transaction(async (tx) => {
        const token = await liveLinkToken(tx, linkToken, true);
        if (!institution) {
          throw new BankingProviderError('unknown_institution', 'institution_id: is not a test institution.', 'institution_id');
        }
        if (username !== BUILTIN_BANK_TEST_USERNAME || password !== BUILTIN_BANK_TEST_PASSWORD) {
          throw new BankingProviderError('invalid_credentials', INVALID_BANK_CREDENTIALS_MESSAGE, 'password');
        }
        // A new sign-in (another bank, or the same one again) replaces the session's earlier one.
        await tx.delete(builtinBankItems).where(eq(builtinBankItems.linkTokenHash, token.tokenHash));
        const itemId = randomId('item-builtin-');
        await tx.insert(builtinBankItems).values({
          id: itemId,
          linkTokenHash: token.tokenHash,
          clientUserId: token.clientUserId,
          institutionId: institution.institution_id,
        });
        // Account ids stay the same for signing in again in the same session (the widget may
        // still show them), and differ between sessions, like a new item's at Plaid.
        const accounts = institution.accounts.map((a, position) => ({
          id: `acc-${hashToken(`${token.tokenHash}:${institution.institution_id}:${position}`).slice(0, 24)}`,
          itemId,
          position,
          ...a,
        }));
        await tx.insert(builtinBankItemAccounts).values(accounts);
        return {
          institution: publicInstitution(institution),
          accounts: accounts.map(({ id, name, type, subtype, mask }) => ({ id, name, type, subtype, mask })),
        };
      });
    },

    async chooseAccounts({ linkToken, accountIds }) {
      return db.transaction(async (tx) => {
        // Locked: two tabs finishing the same session make one public token.
        const token = await liveLinkToken(tx, linkToken, true);
        const [item] = await tx
          .select({ id: builtinBankItems.id, institutionId: builtinBankItems.institutionId })
          .from(builtinBankItems)
          .where(and(eq(builtinBankItems.linkTokenHash, token.tokenHash), eq(builtinBankItems.status, 'pending')));
        if (!item) {
          throw new BankingProviderError('not_signed_in', 'link_token: sign in at your bank first.', 'link_token');
        }
        const wanted = [...new Set(accountIds)];
        const chosen: LinkAccount[] = await tx
          .select(accountColumns)
          .from(builtinBankItemAccounts)
          .where(and(eq(builtinBankItemAccounts.itemId, item.id), inArray(builtinBankItemAccounts.id, wanted)))
          .orderBy(asc(builtinBankItemAccounts.position));
        if (chosen.length !== wanted.length) {
          throw new BankingProviderError(
            'unknown_account',
            'account_ids: choose accounts of the bank you signed in to.',
            'account_ids',
          );
        }
        await tx
          .update(builtinBankItemAccounts)
          .set({ selected: true })
          .where(and(eq(builtinBankItemAccounts.itemId, item.id), inArray(builtinBankItemAccounts.id, wanted)));
        await tx.update(builtinBankItems).set({ status: 'linked' }).where(eq(builtinBankItems.id, item.id));
        await tx
          .update(builtinBankLinkTokens)
          .set({ completedAt: now() })
          .where(eq(builtinBankLinkTokens.tokenHash, token.tokenHash));
        const publicToken = `public-builtin-${randomBytes(24).toString('hex')}`;
        await tx.insert(builtinBankPublicTokens).values({
          tokenHash: hashToken(publicToken),
          itemId: item.id,
          clientUserId: token.clientUserId,
          expiresAt: new Date(now().getTime() + PUBLIC_TOKEN_TTL_MS),
        });
        return { publicToken, institution: publicInstitution(institutionOf(item.institutionId)!), accounts: chosen };
      });
    },
  };

  return {
    name: 'builtin',
    builtinLink,

    async createLinkToken({ clientUserId, clientName }) {
      const linkToken = `link-builtin-${randomBytes(24).toString('hex')}`;
      const expiresAt = new Date(now().getTime() + LINK_TOKEN_TTL_MS);
      await db.insert(builtinBankLinkTokens).values({ tokenHash: hashToken(linkToken), clientUserId, clientName, expiresAt });
      return { linkToken, expiresAt };
    },

    async exchangePublicToken({ publicToken, clientUserId }) {
      const tokenHash = hashToken(publicToken);
      return db.transaction(async (tx) => {
        // The claim: one statement, so of two concurrent exchanges exactly one gets the row.
        const [claimed] = await tx
          .update(builtinBankPublicTokens)
          .set({ exchangedAt: now() })
          .where(
            and(
              eq(builtinBankPublicTokens.tokenHash, tokenHash),
              eq(builtinBankPublicTokens.clientUserId, clientUserId),
              isNull(builtinBankPublicTokens.exchangedAt),
            ),
          )
          .returning({ itemId: builtinBankPublicTokens.itemId, expiresAt: builtinBankPublicTokens.expiresAt });
        if (claimed && claimed.expiresAt.getTime() > now().getTime()) {
          const accessToken = `access-builtin-${randomBytes(24).toString('hex')}`;
          await tx.insert(builtinBankAccessTokens).values({ tokenHash: hashToken(accessToken), itemId: claimed.itemId });
          return { itemId: claimed.itemId, accessToken };
        }
        if (claimed) {
          // Expired: the claim is undone with the transaction (nothing changes).
          throw new BankingProviderError(
            'token_expired',
            'public_token: has expired. Please link your bank again.',
            'public_token',
          );
        }
        const [row] = await tx
          .select({ clientUserId: builtinBankPublicTokens.clientUserId, exchangedAt: builtinBankPublicTokens.exchangedAt })
          .from(builtinBankPublicTokens)
          .where(eq(builtinBankPublicTokens.tokenHash, tokenHash));
        if (row && row.clientUserId === clientUserId && row.exchangedAt) {
          throw new BankingProviderError('token_used', 'public_token: has already been used.', 'public_token');
        }
        throw new BankingProviderError('invalid_token', 'public_token: is not a valid public token.', 'public_token');
      });
    },

    async getAccounts(accessToken) {
      const [item] = await db
        .select({ itemId: builtinBankItems.id, institutionId: builtinBankItems.institutionId })
        .from(builtinBankAccessTokens)
        .innerJoin(builtinBankItems, eq(builtinBankItems.id, builtinBankAccessTokens.itemId))
        .where(eq(builtinBankAccessTokens.tokenHash, hashToken(accessToken)));
      if (!item) throw new BankingProviderError('invalid_token', 'The access token is not valid.');
      const accounts = await db
        .select(accountColumns)
        .from(builtinBankItemAccounts)
        .where(and(eq(builtinBankItemAccounts.itemId, item.itemId), eq(builtinBankItemAccounts.selected, true)))
        .orderBy(asc(builtinBankItemAccounts.position));
      return {
        itemId: item.itemId,
        institutionId: item.institutionId,
        institutionName: institutionOf(item.institutionId)?.name ?? null,
        accounts: accounts.map(({ id, ...a }) => ({ accountId: id, ...a })),
      };
    },
  };
}
