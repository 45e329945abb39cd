/**
 * One POST of a delivery to its receiver: through node:http(s) to the address resolved and
 * checked just now (receiver-address.ts), no redirects followed (a 3xx is an answer, and not a
 * success), a deadline on the whole exchange, and at most WEBHOOK_RESPONSE_EXCERPT_BYTES of the
 * answer read — the connection is dropped after that, so a receiver answering megabytes costs
 * nothing. Never throws: every outcome is an attempt for the log.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES } from '@cratebase/contract';
import { ReceiverAddressError, resolveReceiver } from './receiver-address.js';

export interface PostOutcome {
  /** The receiver's status code; null when it never answered. */
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, in the delivery log's words (null on a 2xx). */
  error: string | null;
  responseExcerpt: string | null;
}

function excerptOf(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null;
  const text = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES).toString('utf8');
  // PostgreSQL text cannot hold NUL; other control characters are the receiver's business.
  return text.replace(/\0/g, '\uFFFD');
}

export async function postToReceiver(opts: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Aborts the exchange (the process is stopping). */
  signal?: AbortSignal;
}): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(opts.url);
  let target: { address: string; family: 4 | 6 };
  // The deadline covers the name's lookup too: a resolver that does not answer is no answer.
  let lookupTimer: NodeJS.Timeout | undefined;
  try {
    target = await Promise.race([
      resolveReceiver(url, opts.allowPrivate),
      new Promise<never>((_resolve, reject) => {
        lookupTimer = setTimeout(() => reject(new ReceiverAddressError(`no answer within ${opts.timeoutMs} ms (looking up ${url.hostname})`)), opts.timeoutMs);
      }),
    ]);
  } catch (err) {
    const message = err instanceof ReceiverAddressError ? err.message : 'the address could not be resolved';
    return { statusCode: null, durationMs: elapsed(), error: message, responseExcerpt: null };
  } finally {
    clearTimeout(lookupTimer);
  }
  if (opts.signal?.aborted) {
    return { statusCode: null, durationMs: elapsed(), error: 'interrupted: the sending process stopped', responseExcerpt: null };
  }
  const remainingMs = Math.max(1, opts.timeoutMs - elapsed());
  // The connection goes to the checked address, whatever the name resolves to a moment later.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let bytes = 0;
        const answered = () => {
          const ok = statusCode >= 200 && statusCode < 300;
          const error = ok
            ? null
            : statusCode >= 300 && statusCode < 400
              ? `redirect (${statusCode}) not followed: give the endpoint its final URL`
              : `the receiver answered ${statusCode}`;
          finish({ statusCode, error, responseExcerpt: excerptOf(chunks) });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
          if (bytes >= WEBHOOK_RESPONSE_EXCERPT_BYTES) answered();
        });
        response.on('end', answered);
        response.on('error', answered);
      },
    );
    const fail = (error: string) => {
      finish({ statusCode: null, error, responseExcerpt: null });
      request.destroy();
    };
    const deadline = setTimeout(() => fail(`no answer within ${opts.timeoutMs} ms`), remainingMs);
    const onAbort = () => fail('interrupted: the sending process stopped');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (err: NodeJS.ErrnoException) => fail(`could not connect: ${err.code ?? err.message}`));
    request.end(opts.body);
  });
}
