/**
 * On-the-fly compression of large responses (API lists, the OpenAPI document, the sign-in
 * pages): brotli or gzip as the client's Accept-Encoding allows, with `Vary: Accept-Encoding`.
 * Register it before any route: it attaches itself to routes as they are declared.
 *
 * The SPA's files are compressed at build time (see spa.ts); images under /media are already
 * compressed formats and are sent as they are.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this go out as they are (compressing them saves nothing worth the CPU). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Paths whose responses are never compressed here. */
const UNCOMPRESSED_PREFIXES = ['/media/'];

export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (UNCOMPRESSED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Request bodies are not decompressed: clients send small JSON, and a compressed body
    // would only be a way around the body size limit.
    globalDecompression: false,
  });
}
