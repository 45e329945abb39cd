/**
 * Resale certificates (issue 25 part 5). The retailer's side under /api/organization/{org_id}
 * (its members); the seller's under its customer, /api/order/organization/{org_id}/purchasers/{id}
 * (the seller's members; 404 when the organization does not buy from it); the seller's setting
 * under /api/organization/{org_id}/resale_certificate_requirement (owners and admins change it).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CustomerOrdersParams,
  CustomerResaleCertificate,
  ErrorBody,
  OrgIdParams,
  RESALE_CERTIFICATE_MAX_BYTES,
  ResaleCertificate,
  ResaleCertificateAnswer,
  ResaleCertificateCheck,
  ResaleCertificateFile,
  ResaleCertificateRequirement,
  SaveResaleCertificateBody,
  SellerCertificateParams,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { readMultipartUpload, withUploads } from '../../lib/uploads.js';
import { memberOf, organizationParam } from '../../auth/policies.js';
import { requireUserId } from '../../auth/plugin.js';
import {
  FILE_HINT,
  certificateFile,
  currentCertificate,
  customerCertificate,
  customerCertificateFile,
  saveCertificate,
  uploadCertificateFile,
} from './service.js';
import { getRequirement, sellerCertificateCheck, setRequirement } from './requirement.js';
import { FILE_ANSWER } from '../../lib/openapi.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['resale certificates'];
/** The types a certificate file is kept in (the document's media types for the file routes). */
const CERTIFICATE_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
const FILE_DESCRIPTION =
  'The file’s bytes with its type (application/pdf, image/jpeg, image/png or image/webp), ' +
  '`content-disposition: inline` with its name, never cached; 404 when no certificate is on file.';

/** A private file: its own type, shown inline, sandboxed, never stored by a cache. */
function sendFile(reply: FastifyReply, file: { bytes: Buffer; contentType: string; fileName: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="${file.fileName.replace(/"/g, '')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; object-src 'self'; sandbox")
    .send(file.bytes);
}

export async function resaleCertificateRoutes(app: FastifyInstance, ctx: AppContext) {
  await withUploads(app, RESALE_CERTIFICATE_MAX_BYTES, FILE_HINT, async (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/organization/:org_id/resale_certificate/files',
      {
        config: { access: memberOf(organizationParam()) },
        schema: {
          tags,
          summary: 'Upload a resale certificate file (multipart field `file`): a PDF, JPEG, PNG or WebP, at most 10 MB',
          description:
            'The type is read from the bytes, not the name: anything else is 400 naming `file`; larger → 413. ' +
            'The file is private. It becomes the certificate with PUT …/resale_certificate {file_id}.',
          consumes: ['multipart/form-data'],
          params: OrgIdParams,
          response: { 200: ResaleCertificateFile, 413: ErrorBody, 503: ErrorBody, ...errors },
        },
      },
      async (req) => {
        const upload = await readMultipartUpload(req, RESALE_CERTIFICATE_MAX_BYTES, FILE_HINT);
        return uploadCertificateFile(ctx, req.params.org_id, requireUserId(req), upload, req.log);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/organization/:org_id/resale_certificate',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The organization’s current resale certificate (null when none is on file), with its status today',
        params: OrgIdParams,
        response: { 200: ResaleCertificateAnswer, ...errors },
      },
    },
    async (req) => ({ certificate: await currentCertificate(ctx.db, req.params.org_id) }),
  );

  r.put(
    '/api/organization/:org_id/resale_certificate',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Puts a resale certificate on file: state, number, expiry day and an uploaded file; replaces the current one',
        description:
          'state: a two-letter US state code; number: letters, digits, spaces and . - /; expires_on: a day after today, ' +
          'within 10 years; file_id: a file this organization uploaded (404 naming file_id otherwise). The replaced ' +
          'certificate is kept for the record (invoices of its days still say it was on file).',
        params: OrgIdParams,
        body: SaveResaleCertificateBody,
        response: { 200: ResaleCertificate, ...errors },
      },
    },
    async (req) => saveCertificate(ctx, req.params.org_id, requireUserId(req), req.body),
  );

  r.get(
    '/api/organization/:org_id/resale_certificate/file',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The current resale certificate’s file',
        description: FILE_DESCRIPTION,
        params: OrgIdParams,
        produces: CERTIFICATE_FILE_TYPES,
        response: { 200: FILE_ANSWER, ...errors },
      },
    },
    async (req, reply) => sendFile(reply, await certificateFile(ctx, req.params.org_id)),
  );

  r.get(
    '/api/organization/:org_id/resale_certificate/sellers/:seller_id',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Whether a store the organization buys from asks for a valid certificate before its next order, and whether one is on file',
        description:
          '`required`: the store requires one and the organization has not ordered from it yet; `on_file`: a valid ' +
          'certificate is on file now. Checkout refuses (409 resale_certificate_required) while required and not on ' +
          'file. 404 when the organization does not buy from the store.',
        params: SellerCertificateParams,
        response: { 200: ResaleCertificateCheck, ...errors },
      },
    },
    async (req) => sellerCertificateCheck(ctx, req.params.org_id, req.params.seller_id),
  );

  r.get(
    '/api/order/organization/:org_id/purchasers/:id/resale_certificate',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'A customer’s current resale certificate (null when none), and whether it has ordered from the seller',
        description: 'Members of the seller; 404 when the organization does not buy from it.',
        params: CustomerOrdersParams,
        response: { 200: CustomerResaleCertificate, ...errors },
      },
    },
    async (req) => customerCertificate(ctx, req.params.org_id, req.params.id),
  );

  r.get(
    '/api/order/organization/:org_id/purchasers/:id/resale_certificate/file',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'A customer’s resale certificate file',
        description: `Members of the seller; 404 when the organization does not buy from it. ${FILE_DESCRIPTION}`,
        params: CustomerOrdersParams,
        produces: CERTIFICATE_FILE_TYPES,
        response: { 200: FILE_ANSWER, ...errors },
      },
    },
    async (req, reply) => sendFile(reply, await customerCertificateFile(ctx, req.params.org_id, req.params.id)),
  );

  r.get(
    '/api/organization/:org_id/resale_certificate_requirement',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'Whether the seller requires a valid resale certificate before a new customer’s first order',
        params: OrgIdParams,
        response: { 200: ResaleCertificateRequirement, ...errors },
      },
    },
    async (req) => getRequirement(ctx, req.params.org_id),
  );

  r.put(
    '/api/organization/:org_id/resale_certificate_requirement',
    {
      config: {
        access: memberOf(organizationParam(), { role: 'admin', action: 'change the resale certificate requirement' }),
      },
      schema: {
        tags,
        summary: 'Requires (or not) a valid resale certificate before a new customer’s first order',
        description:
          'Owners and admins (403 for staff). When required, a customer with no order yet and no valid certificate ' +
          'on file is refused at checkout (card and net terms) with 409 resale_certificate_required.',
        params: OrgIdParams,
        body: ResaleCertificateRequirement,
        response: { 200: ResaleCertificateRequirement, ...errors },
      },
    },
    async (req) => setRequirement(ctx, req.params.org_id, req.body.required),
  );
}
