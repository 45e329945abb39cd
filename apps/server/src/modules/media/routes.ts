import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  ErrorBody,
  ImageSet,
  OrgIdParams,
  UpdateImageSetBody,
  UploadedMedia,
  UploadMediaQuery,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/errors.js';
import { requireUserId } from '../../auth/plugin.js';
import { IMMUTABLE_CACHE_CONTROL } from '../../providers/storage/index.js';
import { getImageSet, tooLarge, updateImageSet, uploadMedia } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['media'];
/** Room for multipart headers and boundaries around a file of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const IMAGE_HINT = 'Upload a smaller image.';

/**
 * Reads the one file of a multipart request (field `file`) into memory, up to `maxBytes`.
 * Anything that is not a multipart upload of a field named `file` is a 400 naming `file`.
 */
export async function readMultipartFile(req: FastifyRequest, maxBytes: number, hint?: string): Promise<Buffer> {
  if (!req.isMultipart()) {
    throw new HttpError(
      400,
      'validation_error',
      'file is required: send it as multipart/form-data in a field named "file".',
      [{ path: 'file', message: 'is required' }],
    );
  }
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        return await part.toBuffer();
      }
    }
  } catch (err) {
    throw multipartError(err as FastifyError, maxBytes, hint);
  }
  throw new HttpError(
    400,
    'validation_error',
    'file is required: send it as multipart/form-data in a field named "file".',
    [{ path: 'file', message: 'is required' }],
  );
}

function multipartError(err: FastifyError, maxBytes: number, hint?: string): Error {
  if (err instanceof HttpError) return err;
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes, hint);
  if (err.code === 'FST_FILES_LIMIT') {
    return new HttpError(400, 'validation_error', 'file: send one file per request.', [
      { path: 'file', message: 'send one file per request' },
    ]);
  }
  if (err.statusCode === 413 || (err.statusCode && err.statusCode < 500)) {
    return new HttpError(400, 'validation_error', `file: the upload could not be read (${err.message}).`, [
      { path: 'file', message: 'the upload could not be read' },
    ]);
  }
  return err;
}

/**
 * Registers @fastify/multipart in an encapsulated scope (only the routes inside it accept
 * uploads) with our 413 message for oversized bodies.
 */
export async function withUploads(
  app: FastifyInstance,
  maxBytes: number,
  hint: string,
  routes: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21 },
      throwFileSizeLimit: true,
    });
    // A body far larger than the limit is refused before it is read.
    scope.addHook('onRequest', async (req) => {
      const length = Number(req.headers['content-length']);
      if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD) throw tooLarge(maxBytes, hint);
    });
    const parent = scope.errorHandler;
    scope.setErrorHandler(function (err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
      const mapped =
        !(err instanceof HttpError) && (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE')
          ? tooLarge(maxBytes, hint)
          : err;
      return parent.call(this, mapped as FastifyError, req, reply);
    });
    await routes(scope);
  });
}

export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxBytes = ctx.config.storage.maxBytes;

  await withUploads(app, maxBytes, IMAGE_HINT, async (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/media/:org_id/upload',
      {
        config: { access: { member: 'org_id' } },
        schema: {
          tags,
          summary: 'Upload an image (multipart field `file`): PNG, GIF, JPEG or WebP; resized variants are made',
          description:
            'The type is read from the bytes. `purpose=logo|product` requires a square image; `splash` is a hint. ' +
            'Larger than MEDIA_MAX_BYTES → 413; not an image → 415.',
          consumes: ['multipart/form-data'],
          params: OrgIdParams,
          querystring: UploadMediaQuery,
          response: { 200: UploadedMedia, 413: ErrorBody, 415: ErrorBody, 503: ErrorBody, ...errors },
        },
      },
      async (req) => {
        const bytes = await readMultipartFile(req, maxBytes, IMAGE_HINT);
        return uploadMedia(ctx, req.params.org_id, bytes, req.query.purpose, req.log);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/organization/:org_id/image_set',
    {
      config: { access: { memberOrPurchaser: 'org_id' } },
      schema: {
        tags,
        summary: "The organization's logo and cover image",
        params: OrgIdParams,
        response: { 200: ImageSet, ...errors },
      },
    },
    async (req) => getImageSet(ctx, req.params.org_id),
  );

  r.put(
    '/api/organization/image_set',
    {
      config: { access: { check: 'member of body.organization_id; images uploaded by that organization' } },
      schema: {
        tags,
        summary: 'Set or clear the logo (square) and the cover image',
        body: UpdateImageSetBody,
        response: { 200: ImageSet, ...errors },
      },
    },
    async (req) => updateImageSet(ctx, requireUserId(req), req.body),
  );
}

/**
 * Local storage only: uploaded files at /media/*, cached for a year (keys are never reused),
 * with their image content type and nosniff.
 */
export async function mediaFiles(app: FastifyInstance, ctx: AppContext) {
  const storage = ctx.config.storage;
  if (storage.driver !== 'local') return;
  await app.register(fastifyStatic, {
    root: storage.dir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    redirect: false,
    suppressWarning: true,
    cacheControl: false,
    setHeaders(res) {
      res.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      res.header('x-content-type-options', 'nosniff');
      // Product photos may be shown on other sites (e-mails, a store on its own domain).
      res.header('cross-origin-resource-policy', 'cross-origin');
      res.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}
