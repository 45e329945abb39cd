/**
 * A local webhook receiver for tests: node:http on 127.0.0.1 (port 0), answering each request
 * as `respond` says (a status, a redirect, a huge body, or never), keeping what it got. Tests
 * wait for the requests themselves (`next`, `waitFor`), never for time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed body: any webhook payload, read by the tests the way a receiver would. */
  json: any;
}

export type Respond = (received: ReceivedWebhook, res: http.ServerResponse) => void;

export interface WebhookReceiver {
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** Resolves with the `n`th request (1-based) once it has arrived. */
  waitFor(n: number): Promise<ReceivedWebhook>;
  /** The first request after those received so far that `match` accepts. */
  next(match?: (r: ReceivedWebhook) => boolean): Promise<ReceivedWebhook>;
  respond: Respond;
  close(): Promise<void>;
}

export const answer = (status: number, body = '') => (_r: ReceivedWebhook, res: http.ServerResponse) => {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
};

export async function startWebhookReceiver(respond: Respond = answer(200, 'ok')): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { match: (r: ReceivedWebhook, index: number) => boolean; resolve: (r: ReceivedWebhook) => void }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const receiver: WebhookReceiver = {
    url: (path = '/hooks') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    waitFor(n) {
      const at = received[n - 1];
      if (at) return Promise.resolve(at);
      return new Promise((resolve) => waiters.push({ match: (_r, index) => index === n - 1, resolve }));
    },
    next(match = () => true) {
      const from = received.length;
      return new Promise((resolve) => waiters.push({ match: (r, index) => index >= from && match(r), resolve }));
    },
    respond,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      const r: ReceivedWebhook = { path: req.url ?? '/', headers: req.headers, body, json };
      const index = received.push(r) - 1;
      for (const w of [...waiters]) {
        if (w.match(r, index)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(r);
        }
      }
      receiver.respond(r, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return receiver;
}
