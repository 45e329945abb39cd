/**
 * File uploads (multipart/form-data): the one-file reader and the encapsulated scope that
 * accepts uploads, shared by the media and catalogue-import routes.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DomainError } from './errors.js';

/** 413 for a file over `maxBytes`, with a hint of what to do instead. */
export function tooLarge(maxBytes: number, hint = 'Upload a smaller file.') {
  const mb = maxBytes / (1024 * 1024);
  const size = Number.isInteger(mb)
    ? `${mb} MB`
    : maxBytes % 1024 === 0
      ? `${maxBytes / 1024} KB`
      : `${maxBytes} bytes`;
  return new DomainError('too_large', 'payload_too_large', `The file is larger than ${size}. ${hint}`, [
    { path: 'file', message: `must be at most ${size}` },
  ]);
}

/** Room for multipart headers and boundaries around a file of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads the one file of a multipart request (field `file`) into memory, up to `maxBytes`.
 * Anything that is not a multipart upload of exactly one file in a field named `file` is a
 * 400 naming `file`: no such field, a second file, or a body that ends before its closing
 * boundary (a truncated upload). The whole body is read before the file is handed over.
 */
export async function readMultipartFile(req: FastifyRequest, maxBytes: number, hint?: string): Promise<Buffer> {
  return (await readMultipartUpload(req, maxBytes, hint)).bytes;
}

/** readMultipartFile with the name the browser gave the file (empty when none). */
export async function readMultipartUpload(
  req: FastifyRequest,
  maxBytes: number,
  hint?: string,
): Promise<{ bytes: Buffer; filename: string }> {
  if (!req.isMultipart()) {
    throw new DomainError(
      'invalid',
      'validation_error',
      'file is required: send it as multipart/form-data in a field named "file".',
      [{ path: 'file', message: 'is required' }],
    );
  }
  let file: Buffer | null = null;
  let filename = '';
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21 } })) {
      if (part.type !== 'file') continue;
      if (file) throw oneFileOnly();
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      file = await part.toBuffer();
      filename = part.filename ?? '';
    }
  } catch (err) {
    throw multipartError(err as FastifyError, maxBytes, hint);
  }
  if (file) return { bytes: file, filename };
  throw new DomainError(
    'invalid',
    'validation_error',
    'file is required: send it as multipart/form-data in a field named "file".',
    [{ path: 'file', message: 'is required' }],
  );
}

const oneFileOnly = () =>
  new DomainError('invalid', 'validation_error', 'file: send one file per request.', [
    { path: 'file', message: 'send one file per request' },
  ]);

/**
 * Every failure while reading the request body is the client's: a file over the limit is a
 * 413, anything else (a second file, too many parts, a body cut short or malformed) a 400.
 */
function multipartError(err: FastifyError, maxBytes: number, hint?: string): Error {
  if (err instanceof DomainError) return err;
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes, hint);
  if (err.code === 'FST_FILES_LIMIT') return oneFileOnly();
  return new DomainError('invalid', 'validation_error', `file: the upload could not be read (${err.message}).`, [
    { path: 'file', message: 'the upload could not be read (it may have been cut short)' },
  ]);
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
        !(err instanceof DomainError) && (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE')
          ? tooLarge(maxBytes, hint)
          : err;
      return parent.call(this, mapped as FastifyError, req, reply);
    });
    await routes(scope);
  });
}
