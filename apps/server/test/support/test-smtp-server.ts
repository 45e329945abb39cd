/**
 * Test support: a real SMTP server on loopback (the `smtp-server` package) that records what
 * it receives, can refuse messages with a temporary error, or hold them; and a small MIME
 * reader for the received messages. Used by the mail tests only.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMessage[];
  /** Messages refused so far. */
  refused: number;
  /** Refuse the next `n` messages with `451 4.3.0 Try again later`. */
  refuseNext(n: number): void;
  /** Hold every message until release() (to show a slow server blocks no request). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startTestSmtpServer(opts: { port?: number } = {}): Promise<TestSmtpServer> {
  let toRefuse = 0;
  let holding = false;
  const held: (() => void)[] = [];
  const state = { received: [] as ReceivedMessage[], refused: 0 };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const finish = () => {
          if (toRefuse > 0) {
            toRefuse -= 1;
            state.refused += 1;
            const err = Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 });
            return callback(err);
          }
          state.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (holding) held.push(finish);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get refused() {
      return state.refused;
    },
    refuseNext(n) {
      toRefuse = n;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const f of held.splice(0)) f();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMessage {
  headers: Record<string, string>;
  contentType: string;
  text: string | null;
  html: string | null;
}

function splitHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Unfold continuation lines first.
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split(/\r\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Reads a message: top-level headers and the text/plain and text/html parts (one level of multipart). */
export function parseMessage(raw: string): ParsedMessage {
  const split = raw.indexOf('\r\n\r\n');
  const headers = splitHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const contentType = headers['content-type'] ?? 'text/plain';
  const result: ParsedMessage = { headers, contentType, text: null, html: null };
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => p.replace(/^\r\n/, ''))
    : [
        `content-type: ${contentType}\r\ncontent-transfer-encoding: ${headers['content-transfer-encoding'] ?? '7bit'}\r\n\r\n${body}`,
      ];
  for (const part of parts) {
    const i = part.indexOf('\r\n\r\n');
    const h = splitHeaders(part.slice(0, i));
    const content = decodeBody(part.slice(i + 4).replace(/\r\n$/, ''), h['content-transfer-encoding']);
    if (/^text\/plain/i.test(h['content-type'] ?? '')) result.text = content;
    if (/^text\/html/i.test(h['content-type'] ?? '')) result.html = content;
  }
  return result;
}

/** Decodes RFC 2047 encoded words in a header value (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _cs: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
