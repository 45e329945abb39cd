import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BankAccountList,
  BankAccountParams,
  BankOrganizationQuery,
  BuiltinLinkAccountsBody,
  BuiltinLinkBody,
  BuiltinLinkCredentialsBody,
  BuiltinLinkSession,
  BuiltinLinkSignedIn,
  BuiltinLinkSuccess,
  ErrorBody,
  LinkToken,
  PublicTokenExchangeBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf, organizationAt, type ResourceRef } from '../../auth/policies.js';
import {
  bankAccountOwners,
  builtinLinkChooseAccounts,
  builtinLinkSession,
  builtinLinkSignIn,
  createLinkToken,
  exchangePublicToken,
  linkTokenOwners,
  listBankAccounts,
  makeDefaultBankAccount,
} from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const tags = ['bank accounts'];
/** Linking and choosing bank accounts takes an owner or admin (staff see the list). */
const changeBanks = { role: 'admin', action: 'change bank accounts' } as const;

/** A bank account named by its id (404 to anyone outside its organization). */
const bankAccountAt = (...at: ResourceRef['at']): ResourceRef => ({
  resource: 'bank account',
  at,
  deny: 404,
  owners: (db, id) => bankAccountOwners(db, id),
});

/**
 * Bank accounts for payouts (spec section 7 "/api/plaid/..."; DECISIONS "Bank accounts
 * screen"): members of the organization see them; owners and admins link and choose them. The built-in linking widget's calls are
 * authorised by the link token, which belongs to the organization it was made for.
 */
export async function bankingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A link token of the built-in widget (404 to anyone outside its organization, and for unknown tokens). */
  const linkTokenAt = (...at: ResourceRef['at']): ResourceRef => ({
    resource: 'link token',
    at,
    deny: 404,
    owners: (_db, token) => linkTokenOwners(ctx, token),
  });

  r.get(
    '/api/plaid/link/token/create',
    {
      config: { access: memberOf(organizationAt('query', 'organization_id'), changeBanks) },
      schema: {
        tags,
        summary: 'A link token for the bank-linking widget (single-use, 30 minutes, bound to the organization)',
        querystring: BankOrganizationQuery,
        response: { 200: LinkToken, ...errors },
      },
    },
    async (req) => createLinkToken(ctx, req.query.organization_id),
  );

  r.post(
    '/api/plaid/item/public_token/exchange',
    {
      config: { access: memberOf(organizationAt('body', 'organization_id'), changeBanks) },
      schema: {
        tags,
        summary: 'Exchanges the widget’s public token (single-use) for the linked accounts; answers the organization’s bank accounts',
        body: PublicTokenExchangeBody,
        response: { 200: BankAccountList, ...errors },
      },
    },
    async (req) => exchangePublicToken(ctx, req.body),
  );

  r.get(
    '/api/plaid/accounts',
    {
      config: { access: memberOf(organizationAt('query', 'organization_id')) },
      schema: {
        tags,
        summary: 'The organization’s bank accounts (name, type, mask, default)',
        querystring: BankOrganizationQuery,
        response: { 200: BankAccountList, ...errors },
      },
    },
    async (req) => listBankAccounts(ctx, req.query.organization_id),
  );

  r.post(
    '/api/plaid/accounts/:id/default',
    {
      config: { access: memberOf(bankAccountAt('params', 'id'), changeBanks) },
      schema: {
        tags,
        summary: 'Makes the account the organization’s default for payouts; answers the organization’s bank accounts',
        params: BankAccountParams,
        response: { 200: BankAccountList, ...errors },
      },
    },
    async (req) => makeDefaultBankAccount(ctx, req.params.id),
  );

  // ─── The built-in linking widget (DECISIONS: a sandbox linking dialog) ────────────────
  const linkAccess = memberOf(linkTokenAt('body', 'link_token'), changeBanks);

  r.post(
    '/api/plaid/builtin/link/session',
    {
      config: { access: linkAccess },
      schema: {
        tags,
        summary: 'Built-in linking widget: the session a link token opens (the test institutions)',
        body: BuiltinLinkBody,
        response: { 200: BuiltinLinkSession, ...errors },
      },
    },
    async (req) => builtinLinkSession(ctx, req.body.link_token),
  );

  r.post(
    '/api/plaid/builtin/link/credentials',
    {
      config: { access: linkAccess },
      schema: {
        tags,
        summary: 'Built-in linking widget: signs in at a test institution (user_good / pass_good); answers its accounts',
        body: BuiltinLinkCredentialsBody,
        response: { 200: BuiltinLinkSignedIn, ...errors },
      },
    },
    async (req) => builtinLinkSignIn(ctx, req.body),
  );

  r.post(
    '/api/plaid/builtin/link/accounts',
    {
      config: { access: linkAccess },
      schema: {
        tags,
        summary: 'Built-in linking widget: the accounts the user picked; ends the link with a public token',
        body: BuiltinLinkAccountsBody,
        response: { 200: BuiltinLinkSuccess, ...errors },
      },
    },
    async (req) => builtinLinkChooseAccounts(ctx, req.body),
  );
}
