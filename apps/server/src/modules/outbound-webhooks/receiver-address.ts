/**
 * Which URLs may receive webhooks. A receiver URL is the seller's text, and the server posts to
 * it: without these rules it could be pointed at the server's own network (the cloud metadata
 * service, the database, an admin port). So: https only, no credentials in the URL, and no
 * private, loopback, link-local or otherwise non-public address — checked when the URL is saved
 * (the literal host) and again at every send (what the name resolves to then; the connection
 * goes to that checked address, so a name that changes its answer in between gains nothing).
 * `allowPrivate` (development, tests, WEBHOOKS_ALLOW_PRIVATE_URLS) lifts the scheme and address
 * rules, not the others.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_URL_MAX_LENGTH } from '@cratebase/contract';
import { fieldError } from '../../lib/errors.js';

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one the public internet can reach (an IPv4-mapped IPv6 address by its IPv4 part). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Host names that name this machine or a private network whatever DNS says. */
function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.');
}

/**
 * The URL as it will be stored, or a 400 naming `url`: https (http only when private receivers
 * are allowed), no user name or password, at most 2,000 characters, and a public host.
 */
export function checkReceiverUrl(text: string, allowPrivate: boolean): string {
  if (text.length > WEBHOOK_URL_MAX_LENGTH) throw fieldError('url', `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fieldError('url', 'must be an absolute URL such as https://example.com/webhooks');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw fieldError('url', 'must start with https://');
  if (url.username || url.password) throw fieldError('url', 'must not contain a user name or password');
  if (url.hash) throw fieldError('url', 'must not contain a #fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!allowPrivate) {
    if (isIP(host) ? !isPublicAddress(host) : isLocalName(host)) {
      throw fieldError('url', 'must be a public address (not a private, loopback or link-local one)');
    }
  }
  if (url.href.length > WEBHOOK_URL_MAX_LENGTH) throw fieldError('url', `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  return url.href;
}

/** Why a send to `url` may not go ahead, in the delivery log's words. */
export class ReceiverAddressError extends Error {}

/**
 * The address to connect to for `url`'s host, resolved now: refused (ReceiverAddressError) when
 * it is not public and private receivers are not allowed.
 */
export async function resolveReceiver(url: URL, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let found: { address: string; family: number };
  if (literal) {
    found = { address: host, family: literal };
  } else {
    try {
      // Every address the name has: one private among them refuses the name (no picking).
      const all = await lookup(host, { all: true, verbatim: true });
      if (all.length === 0) throw new ReceiverAddressError(`${host} does not resolve`);
      if (!allowPrivate && all.some((a) => !isPublicAddress(a.address))) {
        throw new ReceiverAddressError(`${host} resolves to a private address; refused`);
      }
      found = all[0]!;
    } catch (err) {
      if (err instanceof ReceiverAddressError) throw err;
      throw new ReceiverAddressError(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'DNS error'})`);
    }
  }
  if (!allowPrivate && !isPublicAddress(found.address)) {
    throw new ReceiverAddressError(`${host} is a private address; refused`);
  }
  return { address: found.address, family: found.family === 6 ? 6 : 4 };
}
