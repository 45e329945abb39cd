import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogImportErrorBody,
  CatalogImportPreview,
  CatalogImportResult,
  ErrorBody,
  OrgIdParams,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { DomainError } from '../../lib/errors.js';
import { requireUserId } from '../../auth/plugin.js';
import { readMultipartFile, withUploads } from '../../lib/uploads.js';
import { commitImport, exportCatalog, ImportRefusedError, previewImport } from './service.js';
import { memberOf, organizationParam } from '../../auth/policies.js';

const tags = ['catalogue import'];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain'];
const CSV_HINT = 'Split the catalog into smaller files and import them one after the other.';

/** The CSV from a multipart field `file` or from a text/csv body. */
async function readCsv(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (req.isMultipart()) return readMultipartFile(req, maxBytes, CSV_HINT);
  if (Buffer.isBuffer(req.body)) return req.body;
  throw new DomainError(
    'invalid',
    'validation_error',
    'file is required: send the CSV as multipart/form-data (field "file") or as a text/csv body.',
    [{ path: 'file', message: 'is required' }],
  );
}

export async function catalogImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxBytes = ctx.config.storage.maxBytes;
  const description =
    'Columns: name, description, sku, upc, order_unit, quantity_per_unit, wholesale_price, retail_price, weight, ' +
    'weight_unit, status, inventory, and optionally track_inventory (yes/no), order_increment, price_breaks, and ' +
    'handle, option1_name, option1_value … option3_value: rows with one handle are the variants of one product ' +
    '(see the README, "Catalogue CSV" and "Variants in the CSV"). ' +
    'Multipart field `file` or a text/csv body.';

  await withUploads(app, maxBytes, CSV_HINT, async (scope) => {
    scope.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/product/organization/:org_id/import/preview',
      {
        config: { access: memberOf(organizationParam()) },
        bodyLimit: maxBytes,
        schema: {
          tags,
          summary:
            'Check a catalogue CSV: per-row errors, the first rows parsed, how many products it creates and updates',
          description,
          consumes: ['multipart/form-data', 'text/csv'],
          params: OrgIdParams,
          response: { 200: CatalogImportPreview, 400: ErrorBody, ...errors },
        },
      },
      async (req) => previewImport(ctx, req.params.org_id, await readCsv(req, maxBytes)),
    );

    r.post(
      '/api/product/organization/:org_id/import',
      {
        config: { access: memberOf(organizationParam()) },
        bodyLimit: maxBytes,
        schema: {
          tags,
          summary:
            'Import a catalogue CSV in one transaction (all or nothing), upserting by SKU; rows with one handle are a product’s variants',
          description,
          consumes: ['multipart/form-data', 'text/csv'],
          params: OrgIdParams,
          response: { 200: CatalogImportResult, 400: CatalogImportErrorBody, ...errors },
        },
      },
      async (req, reply) => {
        const file = await readCsv(req, maxBytes);
        try {
          return await commitImport(ctx, requireUserId(req), req.params.org_id, file);
        } catch (err) {
          if (err instanceof ImportRefusedError) return reply.status(400).send(err.body());
          throw err;
        }
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/product/organization/:org_id/export',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The catalogue as a CSV file (same columns as the import)',
        produces: ['text/csv'],
        params: OrgIdParams,
        response: { 200: z.string().describe('text/csv'), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req, reply) => {
      const { filename, stream } = await exportCatalog(ctx, req.params.org_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream as unknown as string); // streamed: Fastify does not serialise streams
    },
  );
}
