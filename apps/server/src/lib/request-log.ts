/**
 * The request log: one line per request, when it completes, instead of Fastify's two
 * ("incoming request" and "request completed"). It says the method, the path (the query string
 * can carry tokens and codes, so it is left out), the status and the time taken, e.g.
 * `GET /api/products 200 3.1 ms`, also for the replies the /oidc route hijacks. Fastify's other
 * lines (errors, stream errors) are unchanged.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  // A 404's own line says so; Fastify's extra "Route … not found" would also print the query string.
  override routeNotFound() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // originalUrl: the address as it came in (the /oidc route hands its provider a shorter one).
    const url = request.originalUrl.split('?', 1)[0];
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url, status: reply.statusCode, ms };
    const text = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...line, err: error }, text);
    else reply.log.info(line, text);
  }
}
