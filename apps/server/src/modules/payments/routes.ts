import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountSession,
  ConnectAccount,
  ErrorBody,
  OrgIdParams,
  PaymentAccountStatus,
  PaymentOnboardingBody,
  RefreshConnectAccountBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { createConnectAccount, getAccountStatus, refreshConnectAccount, submitOnboarding } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };
const tags = ['payments'];
const access = memberOf(organizationParam('org_id'));
/** Changing the set-up takes an owner or admin (staff read its status). */
const changeAccess = memberOf(organizationParam('org_id'), { role: 'admin', action: 'change payments' });

/**
 * The seller's payment set-up (spec sections 2 "Set Up Payments", 4, 7): members of the
 * organization read its status; owners and admins change it.
 */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/stripe/organization/:org_id/create-connect-account',
    {
      config: { access: changeAccess },
      schema: {
        tags,
        summary: 'The organization’s connected payment account, created on the first call (empty body; idempotent)',
        params: OrgIdParams,
        response: { 200: ConnectAccount, ...errors },
      },
    },
    async (req) => createConnectAccount(ctx, req.params.org_id),
  );

  r.post(
    '/api/stripe/organization/:org_id/refresh-connect-account',
    {
      config: { access: changeAccess },
      schema: {
        tags,
        summary: 'A client secret for the embedded onboarding of the organization’s account',
        params: OrgIdParams,
        body: RefreshConnectAccountBody,
        response: { 200: AccountSession, ...errors },
      },
    },
    async (req) => refreshConnectAccount(ctx, req.params.org_id, req.body),
  );

  r.get(
    '/api/stripe/organization/:org_id/account-status',
    {
      config: { access },
      schema: {
        tags,
        summary: 'account_id, details_submitted and charges_enabled (account_id null before Get Started)',
        params: OrgIdParams,
        response: { 200: PaymentAccountStatus, ...errors },
      },
    },
    async (req) => getAccountStatus(ctx, req.params.org_id),
  );

  r.post(
    '/api/stripe/organization/:org_id/onboarding',
    {
      config: { access: changeAccess },
      schema: {
        tags,
        summary: 'The built-in embedded onboarding form (authorised by client_secret); answers the account status',
        params: OrgIdParams,
        body: PaymentOnboardingBody,
        response: { 200: PaymentAccountStatus, 409: ErrorBody, ...errors },
      },
    },
    async (req) => submitOnboarding(ctx, req.params.org_id, req.body),
  );
}
