/**
 * The built web client (apps/web/dist): hashed assets cached for a year, everything else
 * revalidated; any other GET outside the server's own paths falls back to index.html (history
 * routing). Files are sent pre-compressed: the build writes a `.br` and a `.gz` beside every
 * text file (scripts/precompress.mjs), and the one the client accepts is sent (brotli first,
 * then gzip, else the file itself) with `Vary: Accept-Encoding`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import { replyMethodNotAllowed } from './lib/method-not-allowed.js';

/** Paths outside the JSON API that the server itself answers (never the SPA fallback). */
export const SERVER_PREFIXES = ['/api', '/oidc', '/interaction', '/media', '/dev', '/healthz', '/readyz'];

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function registerSpa(app: FastifyInstance, config: Config) {
  const dist = config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    void app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', IMMUTABLE_CACHE);
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const serverPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    // A missing file (a stale chunk after a deployment) is a 404, never index.html: the client
    // reloads once instead of running HTML as a script.
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    if (!serverPath && !looksLikeFile && (req.method === 'GET' || req.method === 'HEAD') && hasSpa) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    // A known /api path asked with a method it does not have: 405 with Allow (lib/method-not-allowed.ts).
    if (replyMethodNotAllowed(app.routeTable, req.method, url, reply)) return reply;
    return reply.status(404).send({ error: 'not_found', message: `No route for ${req.method} ${url}.` });
  });
}
