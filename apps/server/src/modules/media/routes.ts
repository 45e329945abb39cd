import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { readMultipartFile, withUploads } from '../../lib/uploads.js';
import { IMMUTABLE_CACHE_CONTROL, PRIVATE_KEY_PREFIX } from '../../providers/storage/index.js';
import { getImageSet, updateImageSet, uploadMedia } from './service.js';
import { memberOf, memberOrPurchaserOf, organizationAt, organizationParam } from '../../auth/policies.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['media'];
const IMAGE_HINT = 'Upload a smaller image.';

export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxBytes = ctx.config.storage.maxBytes;

  await withUploads(app, maxBytes, IMAGE_HINT, async (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/media/:org_id/upload',
      {
        config: { access: memberOf(organizationParam()) },
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
      config: { access: memberOrPurchaserOf(organizationParam()) },
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
      config: { access: memberOf(organizationAt('body', 'organization_id')) },
      schema: {
        tags,
        summary: 'Set or clear the logo (square) and the cover image',
        body: UpdateImageSetBody,
        response: { 200: ImageSet, ...errors },
      },
    },
    async (req) => updateImageSet(ctx, req.body),
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
    // Private files (resale certificates) are served only through their modules' routes.
    allowedPath: (pathName) => !decodeURIComponent(pathName).replace(/^\/+/, '').startsWith(PRIVATE_KEY_PREFIX),
    setHeaders(res) {
      res.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      res.header('x-content-type-options', 'nosniff');
      // Product photos may be shown on other sites (e-mails, a store on its own domain).
      res.header('cross-origin-resource-policy', 'cross-origin');
      res.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}
