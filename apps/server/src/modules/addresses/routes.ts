import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddressInput,
  AddressLink,
  AddressLinkList,
  ErrorBody,
  IdParams,
  OrgIdParams,
  SavedAddressInput,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { listOrganizationAddresses, saveOrganizationAddress, setBusinessAddress } from './service.js';
import { memberOf, organizationAt, organizationParam } from '../../auth/policies.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export async function addressRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/organization/:org_id/address',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags: ['addresses'],
        summary: "Set the seller's business (ship-from) address; replaces the previous one",
        params: OrgIdParams,
        body: AddressInput,
        response: { 200: AddressLink, ...errors },
      },
    },
    async (req) => setBusinessAddress(ctx, req.params.org_id, req.body),
  );

  // A buyer's saved shipping addresses (checkout step 1). Only the organization's members see
  // or add them: an address is the buyer's, never its seller's.
  r.get(
    '/api/address/organization/:id',
    {
      config: { access: memberOf(organizationParam('id')) },
      schema: {
        tags: ['addresses'],
        summary: "The organization's saved shipping addresses (defaults first, then newest first)",
        params: IdParams,
        response: { 200: AddressLinkList, ...errors },
      },
    },
    async (req) => listOrganizationAddresses(ctx, req.params.id),
  );

  r.post(
    '/api/address/organization',
    {
      config: { access: memberOf(organizationAt('body', 'organization', 'id')) },
      schema: {
        tags: ['addresses'],
        summary: 'Save a shipping address for the organization (a US address)',
        description:
          'A default (shipping or billing) takes that mark from the organization’s other saved addresses. ' +
          'A bad ZIP or state is a 400 naming the field (address.postal_code, address.state).',
        body: SavedAddressInput,
        response: { 200: AddressLink, ...errors },
      },
    },
    async (req) => saveOrganizationAddress(ctx, req.body),
  );
}
