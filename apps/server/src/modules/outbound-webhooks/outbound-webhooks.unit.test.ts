/** The pieces of outbound webhooks that need no database: signatures, backoff, receiver addresses, the document's event entries. */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@cratebase/contract';
import { DomainError } from '../../lib/errors.js';
import { webhookEventsForOpenApi } from './openapi.js';
import { checkReceiverUrl, isPublicAddress, ReceiverAddressError, resolveReceiver } from './receiver-address.js';
import { retryDelayMs } from './sender.js';
import { newWebhookSecret, signatureHeader, verifyWebhookSignature } from './signing.js';

describe('signatures', () => {
  const body = '{"id":"e1","type":"order.placed"}';
  it('verify with the secret, within the tolerance, and with either secret of a rotation', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const header = signatureHeader([a, b], 1_800_000_000, body);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(a, header, body, 300, 1_800_000_100)).toBe(true);
    expect(verifyWebhookSignature(b, header, body, 300, 1_800_000_100)).toBe(true);
    expect(verifyWebhookSignature(newWebhookSecret(), header, body, 300, 1_800_000_100)).toBe(false);
    // Replayed later than the tolerance, a changed body, a missing or mangled header: refused.
    expect(verifyWebhookSignature(a, header, body, 300, 1_800_000_301)).toBe(false);
    expect(verifyWebhookSignature(a, header, `${body} `, 300, 1_800_000_000)).toBe(false);
    expect(verifyWebhookSignature(a, undefined, body)).toBe(false);
    expect(verifyWebhookSignature(a, 'v1=abc', body)).toBe(false);
    expect(verifyWebhookSignature(a, header.replace('t=1800000000', 't=1800000001'), body, 300, 1_800_000_000)).toBe(false);
  });
});

describe('retry delays', () => {
  it('double from the base with ±20 % jitter, capped', () => {
    const [low, mid, high] = [() => 0, () => 0.5, () => 0.9999];
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60_000, 3_600_000, mid))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(1, 60_000, 3_600_000, low)).toBe(48_000);
    expect(retryDelayMs(1, 60_000, 3_600_000, high)).toBe(71_998);
    expect(retryDelayMs(20, 60_000, 3_600_000, mid)).toBe(3_600_000);
    expect(retryDelayMs(200, 60_000, 3_600_000, high)).toBeLessThanOrEqual(4_320_000);
  });
});

describe('receiver addresses', () => {
  const refused = (url: string, allowPrivate = false) => {
    try {
      checkReceiverUrl(url, allowPrivate);
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      return (err as DomainError).issues?.map((i) => i.path);
    }
    return undefined;
  };

  it('takes https URLs of public hosts as they are', () => {
    expect(checkReceiverUrl('https://erp.example.com/hooks?x=1', false)).toBe('https://erp.example.com/hooks?x=1');
    expect(checkReceiverUrl('https://93.184.216.34:8443/h', false)).toBe('https://93.184.216.34:8443/h');
  });

  it('refuses, naming url: http, credentials, fragments, private/loopback/link-local hosts, too long', () => {
    for (const url of [
      'http://erp.example.com/hooks',
      'https://user:pw@erp.example.com/hooks',
      'https://erp.example.com/hooks#x',
      'https://localhost/hooks',
      'https://intranet/hooks',
      'https://printer.local/hooks',
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://172.16.0.1/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://[::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::ffff:7f00:1]/hooks',
      `https://erp.example.com/${'a'.repeat(2000)}`,
      'mailto:ops@example.com',
    ]) {
      expect(refused(url), url).toEqual(['url']);
    }
    // Where private receivers are allowed (development, tests), http and loopback are taken; credentials never.
    expect(checkReceiverUrl('http://127.0.0.1:4000/hooks', true)).toBe('http://127.0.0.1:4000/hooks');
    expect(refused('http://u:p@127.0.0.1:4000/hooks', true)).toEqual(['url']);
  });

  it('tells public addresses from the rest', () => {
    expect(['8.8.8.8', '2606:4700:4700::1111'].map(isPublicAddress)).toEqual([true, true]);
    expect(['127.0.0.1', '::1', '::ffff:10.0.0.1', '169.254.1.1', 'not an ip'].map(isPublicAddress)).toEqual([false, false, false, false, false]);
  });

  it('at send time, a name that resolves to a private address is refused unless allowed', async () => {
    await expect(resolveReceiver(new URL('https://localhost/hooks'), false)).rejects.toBeInstanceOf(ReceiverAddressError);
    await expect(resolveReceiver(new URL('https://[::ffff:127.0.0.1]/hooks'), false)).rejects.toBeInstanceOf(ReceiverAddressError);
    await expect(resolveReceiver(new URL('http://127.0.0.1/hooks'), true)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
  });
});

describe('the API document', () => {
  it('has an entry and a body schema for every event type', () => {
    const { schemas, webhooks } = webhookEventsForOpenApi();
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    const placed = schemas.WebhookEvent_order_placed as { required: string[]; properties: Record<string, { required?: string[] }> };
    expect(placed.required).toEqual(['id', 'type', 'created_at', 'organization_id', 'data']);
    expect(placed.properties.data!.required).toContain('total_in_cents');
  });
});
