/**
 * Bank accounts for payouts (spec sections 2 "Bank accounts", 3 "Bank account", 7
 * "/api/plaid/..."; DECISIONS "Bank accounts screen"): an organization links its bank through
 * the bank-linking provider (a link token for the widget, then the widget's public token
 * exchanged for the item's accounts) and chooses the default account payouts go to.
 *
 * Writes of one organization's accounts take a transaction-scoped advisory lock of the
 * organization, so concurrent links and default switches never leave two defaults (the partial
 * unique index bank_accounts_one_default_key would refuse it) or none after a first link.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  BankAccount,
  BuiltinLinkAccountsBody,
  BuiltinLinkCredentialsBody,
  BuiltinLinkSession,
  BuiltinLinkSignedIn,
  BuiltinLinkSuccess,
  LinkToken,
  PublicTokenExchangeBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { DomainError, conflict, unavailable } from '../../lib/errors.js';
import { BankingProviderError, type BuiltinBankLink, type ItemAccounts } from '../../providers/banking/index.js';
import { bankAccounts } from './schema.js';

/** What the linking widget names as the app asking for access (Plaid's client_name). */
export const LINK_CLIENT_NAME = 'Cratebase';

const columns = {
  id: bankAccounts.id,
  name: bankAccounts.name,
  type: bankAccounts.type,
  subtype: bankAccounts.subtype,
  mask: bankAccounts.mask,
  institutionName: bankAccounts.institutionName,
  isDefault: bankAccounts.isDefault,
  createdAt: bankAccounts.createdAt,
};
interface Row {
  id: string;
  name: string;
  type: string;
  subtype: string | null;
  mask: string | null;
  institutionName: string | null;
  isDefault: boolean;
  createdAt: Date;
}

function toBankAccount(r: Row): BankAccount {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    subtype: r.subtype,
    mask: r.mask,
    institution_name: r.institutionName,
    is_default: r.isDefault,
    default: r.isDefault,
    created_at: r.createdAt.toISOString(),
  };
}

/** The organizations that own a bank account (the access check of …/accounts/{id}/default). */
export async function bankAccountOwners(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ organizationId: bankAccounts.organizationId })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId));
  return rows.map((r) => r.organizationId);
}

/** The organization's bank accounts, in the order they were linked. */
export async function listBankAccounts(ctx: Pick<AppContext, 'db'>, organizationId: string): Promise<BankAccount[]> {
  const rows = await ctx.db
    .select(columns)
    .from(bankAccounts)
    .where(eq(bankAccounts.organizationId, organizationId))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.institutionName), asc(bankAccounts.name), asc(bankAccounts.id));
  return rows.map(toBankAccount);
}

/** Serialises the writes of one organization's bank accounts until the transaction ends. */
async function lockOrganizationAccounts(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank_accounts:${organizationId}`}))`);
}

/** GET /api/plaid/link/token/create: a link token for one linking session of the organization. */
export async function createLinkToken(ctx: AppContext, organizationId: string): Promise<LinkToken> {
  const provider = ctx.providers.banking;
  try {
    const token = await provider.createLinkToken({ clientUserId: organizationId, clientName: LINK_CLIENT_NAME });
    return { link_token: token.linkToken, expiration: token.expiresAt.toISOString(), provider: provider.name };
  } catch (error) {
    throw providerHttpError(error);
  }
}

/**
 * POST /api/plaid/item/public_token/exchange: the item the widget's public token stands for,
 * recorded as the organization's bank accounts. Answers all of the organization's accounts; the
 * first account ever linked becomes the default. Linking the same bank again refreshes the
 * accounts already there (same institution, name and mask) instead of adding them twice.
 */
export async function exchangePublicToken(ctx: AppContext, body: PublicTokenExchangeBody): Promise<BankAccount[]> {
  const provider = ctx.providers.banking;
  const organizationId = body.organization_id;
  let item: ItemAccounts;
  try {
    const exchanged = await provider.exchangePublicToken({ publicToken: body.public_token, clientUserId: organizationId });
    item = await provider.getAccounts(exchanged.accessToken);
  } catch (error) {
    throw providerHttpError(error);
  }
  if (item.accounts.length === 0) {
    throw conflict('The bank shared no accounts. Link your bank again and choose at least one account.', 'no_accounts');
  }
  await ctx.db.transaction(async (tx) => {
    await lockOrganizationAccounts(tx, organizationId);
    const existing = await tx
      .select({
        id: bankAccounts.id,
        institutionId: bankAccounts.institutionId,
        name: bankAccounts.name,
        mask: bankAccounts.mask,
      })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.organizationId, organizationId), eq(bankAccounts.provider, provider.name)));
    const linkedIds: string[] = [];
    for (const account of item.accounts) {
      const values = {
        providerAccountId: account.accountId,
        providerItemId: item.itemId,
        institutionId: item.institutionId,
        institutionName: item.institutionName,
        name: account.name,
        type: account.type,
        subtype: account.subtype,
        mask: account.mask,
      };
      const same = existing.find(
        (e) => item.institutionId !== null && e.institutionId === item.institutionId && e.name === account.name && e.mask === account.mask,
      );
      if (same) {
        await tx.update(bankAccounts).set(values).where(eq(bankAccounts.id, same.id));
        linkedIds.push(same.id);
        continue;
      }
      const [row] = await tx
        .insert(bankAccounts)
        .values({ organizationId, provider: provider.name, ...values })
        .onConflictDoUpdate({
          target: [bankAccounts.organizationId, bankAccounts.provider, bankAccounts.providerAccountId],
          set: values,
        })
        .returning({ id: bankAccounts.id });
      linkedIds.push(row!.id);
    }
    const [hasDefault] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.organizationId, organizationId), eq(bankAccounts.isDefault, true)));
    if (!hasDefault) await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, linkedIds[0]!));
  });
  return listBankAccounts(ctx, organizationId);
}

/** POST /api/plaid/accounts/{id}/default: payouts go to this account from now on. Answers the list. */
export async function makeDefaultBankAccount(ctx: AppContext, accountId: string): Promise<BankAccount[]> {
  const [owner] = await bankAccountOwners(ctx.db, accountId);
  if (!owner) throw new DomainError('not_found', 'not_found', 'Bank account not found.');
  await ctx.db.transaction(async (tx) => {
    await lockOrganizationAccounts(tx, owner);
    // Clear first, then set: the partial unique index allows one default at every moment.
    await tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.organizationId, owner), eq(bankAccounts.isDefault, true), ne(bankAccounts.id, accountId)));
    await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, accountId));
  });
  return listBankAccounts(ctx, owner);
}

// ─── The built-in linking widget ────────────────────────────────────────────────────────

function builtinLink(ctx: AppContext): BuiltinBankLink {
  const link = ctx.providers.banking.builtinLink;
  if (!link) {
    throw conflict(
      'This bank-linking provider hosts its own linking widget (Plaid Link); use it instead.',
      'link_hosted_by_provider',
    );
  }
  return link;
}

/** The organization a built-in link token was made for (the access check of /api/plaid/builtin/...). */
export async function linkTokenOwners(ctx: AppContext, linkToken: string): Promise<string[]> {
  const owner = await ctx.providers.banking.builtinLink?.linkTokenOwner(linkToken);
  return owner ? [owner] : [];
}

export async function builtinLinkSession(ctx: AppContext, linkToken: string): Promise<BuiltinLinkSession> {
  try {
    const s = await builtinLink(ctx).session(linkToken);
    return { client_name: s.clientName, expiration: s.expiresAt.toISOString(), institutions: s.institutions };
  } catch (error) {
    throw providerHttpError(error);
  }
}

export async function builtinLinkSignIn(ctx: AppContext, body: BuiltinLinkCredentialsBody): Promise<BuiltinLinkSignedIn> {
  try {
    return await builtinLink(ctx).signIn({
      linkToken: body.link_token,
      institutionId: body.institution_id,
      username: body.username,
      password: body.password,
    });
  } catch (error) {
    throw providerHttpError(error);
  }
}

export async function builtinLinkChooseAccounts(ctx: AppContext, body: BuiltinLinkAccountsBody): Promise<BuiltinLinkSuccess> {
  try {
    const r = await builtinLink(ctx).chooseAccounts({ linkToken: body.link_token, accountIds: body.account_ids });
    return { public_token: r.publicToken, institution: r.institution, accounts: r.accounts };
  } catch (error) {
    throw providerHttpError(error);
  }
}

/** The provider's reported failures in HTTP terms, naming the field; anything else stays as it is. */
function providerHttpError(error: unknown): unknown {
  if (!(error instanceof BankingProviderError)) return error;
  const field = error.field;
  const issueMessage = field && error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message;
  const issues = field ? [{ path: field, message: issueMessage }] : undefined;
  switch (error.code) {
    case 'token_used':
    case 'not_signed_in':
      return new DomainError('conflict', error.code, error.message, issues);
    case 'provider_unavailable':
      return unavailable(error.message);
    default:
      return new DomainError('invalid', error.code, error.message, issues);
  }
}
