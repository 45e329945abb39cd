/**
 * The Shippo adapter against a local HTTP server that answers like Shippo's POST /shipments/
 * (and like Shippo failing: 401, 500, a 400 with field errors, a shipment in ERROR, garbage,
 * no answer at all).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShippoShipping } from './shippo.js';
import { ShippingProviderError, ShippingRequestError, type QuoteRequest } from './interface.js';

const TOKEN = 'shippo_test_0123456789abcdef';
const NOW = new Date('2025-06-01T12:00:00.000Z');

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: any;
}

/** What the fake Shippo does with the next request. */
type Behaviour = (req: http.IncomingMessage, res: http.ServerResponse, body: any) => void;

let server: http.Server;
let baseUrl: string;
let behaviour: Behaviour;
const seen: Seen[] = [];

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      behaviour(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen.length = 0;
  // Requests the timeout test left hanging.
  server.closeAllConnections();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function provider(timeoutMs = 5_000) {
  return createShippoShipping({ apiToken: TOKEN, apiUrl: `${baseUrl}/`, timeoutMs, now: () => NOW });
}

const ORIGIN = { name: 'Maple Goods', line1: '1 Main St', city: 'New York', state: 'NY', postal_code: '10001' };
const DESTINATION = {
  name: 'Corner Shop',
  line1: '500 Market St',
  line2: 'Suite 2',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94103',
};

function request(over: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    reference: 'order-1',
    origin: ORIGIN,
    destination: DESTINATION,
    items: [{ name: 'Mug', weight: 8, weight_unit: 'oz', quantity: 2 }],
    package: { length: 10, width: 8, height: 4, dimension_unit: 'in' },
    ...over,
  };
}

function shippoRate(over: Record<string, unknown>) {
  return {
    object_id: 'rate_x',
    object_owner: 'seller@example.com',
    shipment: 'shipment_1',
    amount: '10.00',
    currency: 'USD',
    amount_local: '10.00',
    currency_local: 'USD',
    provider: 'USPS',
    provider_image_75: 'https://shippo-static.s3.amazonaws.com/providers/75/USPS.png',
    provider_image_200: 'https://shippo-static.s3.amazonaws.com/providers/200/USPS.png',
    servicelevel: { name: 'Ground Advantage', token: 'usps_ground_advantage', terms: '' },
    estimated_days: 5,
    duration_terms: 'Delivery in 2 to 5 business days.',
    attributes: [],
    zone: '8',
    ...over,
  };
}

async function providerError(p: Promise<unknown>): Promise<ShippingProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ShippingProviderError);
  return err as ShippingProviderError;
}

describe('Shippo adapter', () => {
  it('posts one synchronous shipment and maps the rates: cents, our attributes, cheapest first, only US carriers in USD', async () => {
    behaviour = (_req, res) =>
      json(res, 201, {
        object_id: 'shipment_1',
        status: 'SUCCESS',
        rates: [
          shippoRate({
            object_id: 'r_ups',
            provider: 'UPS',
            amount: '23.4',
            servicelevel: { name: 'Ground', token: 'ups_ground' },
            estimated_days: 5,
            attributes: ['CHEAPEST'],
          }),
          shippoRate({ object_id: 'r_ga', amount: '12.20', estimated_days: 5 }),
          shippoRate({
            object_id: 'r_pm',
            amount: '17.70',
            servicelevel: { name: 'Priority Mail', token: 'usps_priority' },
            estimated_days: 3,
            provider_image_200: null,
          }),
          shippoRate({
            object_id: 'r_fx',
            provider: 'FedEx',
            amount: '121.40',
            servicelevel: { name: 'Standard Overnight', token: 'fedex_standard_overnight' },
            estimated_days: 1,
          }),
          shippoRate({ object_id: 'r_dhl', provider: 'DHL Express', amount: '5.00' }),
          shippoRate({ object_id: 'r_cad', amount: '4.00', currency: 'CAD' }),
          shippoRate({
            object_id: 'r_unknown_days',
            provider: 'UPS',
            amount: '30.00',
            servicelevel: { name: 'Surepost', token: 'ups_surepost' },
            estimated_days: null,
          }),
        ],
        messages: [{ source: 'DHLExpress', code: '', text: 'Account not connected.' }],
      });

    const quote = await provider().quote(request());

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/shipments/', authorization: `ShippoToken ${TOKEN}` });
    expect(seen[0]!.body).toEqual({
      address_from: {
        name: 'Maple Goods',
        street1: '1 Main St',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        country: 'US',
      },
      address_to: {
        name: 'Corner Shop',
        street1: '500 Market St',
        street2: 'Suite 2',
        city: 'San Francisco',
        state: 'CA',
        zip: '94103',
        country: 'US',
      },
      parcels: [{ length: '10', width: '8', height: '4', distance_unit: 'in', weight: '1', mass_unit: 'lb' }],
      async: false,
      metadata: 'order-1',
    });

    expect(quote.rates.map((r) => [r.object_id, r.amount, r.amount_cents, r.attributes])).toEqual([
      ['r_ga', '12.20', 1220, ['CHEAPEST']],
      ['r_pm', '17.70', 1770, ['BESTVALUE']],
      ['r_ups', '23.40', 2340, []],
      ['r_unknown_days', '30.00', 3000, []],
      ['r_fx', '121.40', 12140, ['FASTEST']],
    ]);
    expect(quote.rates[0]).toMatchObject({
      provider: 'USPS',
      provider_image_200: 'https://shippo-static.s3.amazonaws.com/providers/200/USPS.png',
      servicelevel: { name: 'Ground Advantage', token: 'usps_ground_advantage' },
      currency: 'USD',
      estimated_days: 5,
      duration_terms: 'Delivery in 2 to 5 business days.',
    });
    // Shippo sent no image for Priority Mail: the built-in carrier image stands in.
    expect(quote.rates[1]!.provider_image_200).toMatch(/^data:image\/svg\+xml,/);
    expect(quote.rates[3]!.estimated_days).toBeNull();
    expect(quote.expires_at).toBe('2025-06-02T12:00:00.000Z');
    expect(quote.notes).toEqual([{ code: 'provider_message', message: 'DHLExpress: Account not connected.' }]);
  });

  it('sends heavy goods as parcels of at most 70 lb, in pounds and inches, and notes assumed weights', async () => {
    behaviour = (_req, res) => json(res, 201, { status: 'SUCCESS', rates: [], messages: [] });
    const quote = await provider().quote(
      request({
        items: [
          { name: 'Anvil', weight: 25, weight_unit: 'kg', quantity: 2 }, // 110.23 lb
          { name: 'Crate', weight: null, weight_unit: null, quantity: 1 }, // 1 lb assumed
        ],
        package: { length: 50, width: 40, height: 30, dimension_unit: 'cm' },
      }),
    );
    const parcels = seen[0]!.body.parcels;
    expect(parcels).toHaveLength(2);
    expect(parcels[0]).toEqual({
      length: '19.685',
      width: '15.748',
      height: '11.811',
      distance_unit: 'in',
      weight: '55.616',
      mass_unit: 'lb',
    });
    expect(quote.rates).toEqual([]);
    expect(quote.notes).toEqual([
      { code: 'default_weight', message: '"Crate" has no weight: 1 lb per unit was assumed.' },
    ]);
  });

  it('checks the request before calling Shippo: the street address is required there', async () => {
    behaviour = () => {
      throw new Error('must not be called');
    };
    const err = await provider()
      .quote(request({ origin: { ...ORIGIN, line1: ' ' } }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShippingRequestError);
    expect(err).toMatchObject({
      field: 'origin.line1',
      message: "The seller's ship-from address needs a street address.",
    });
    const noPackage = await provider()
      .quote(request({ package: null }))
      .catch((e: unknown) => e);
    expect(noPackage).toMatchObject({ field: 'package', code: 'missing_package' });
    expect(seen).toHaveLength(0);
  });

  it('401: the token was refused', async () => {
    behaviour = (_req, res) => json(res, 401, { detail: 'Invalid token.' });
    const err = await providerError(provider().quote(request()));
    expect(err).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(err.message).toBe('Shippo refused the API token (HTTP 401): check SHIPPO_API_TOKEN.');
  });

  it('500: Shippo is unavailable', async () => {
    behaviour = (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end('<h1>Server Error</h1>');
    };
    const err = await providerError(provider().quote(request()));
    expect(err).toMatchObject({
      code: 'unavailable',
      status: 500,
      message: 'Shippo is unavailable (HTTP 500). Please try again later.',
    });
  });

  it('400: Shippo’s field errors are passed on', async () => {
    behaviour = (_req, res) => json(res, 400, { address_to: ['The zip code is invalid for the state.'] });
    const err = await providerError(provider().quote(request()));
    expect(err).toMatchObject({ code: 'rejected', status: 400 });
    expect(err.message).toBe(
      'Shippo refused the shipment (HTTP 400): address_to: The zip code is invalid for the state.',
    );
  });

  it('a shipment in ERROR without rates is refused with Shippo’s messages', async () => {
    behaviour = (_req, res) =>
      json(res, 201, {
        status: 'ERROR',
        rates: [],
        messages: [{ source: 'USPS', code: 'invalid_address', text: 'Address not found.' }],
      });
    const err = await providerError(provider().quote(request()));
    expect(err).toMatchObject({
      code: 'rejected',
      message: 'Shippo could not rate the shipment: USPS: Address not found.',
    });
  });

  it('an answer that is not a shipment is a bad response', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status": "SUCC');
    };
    const err = await providerError(provider().quote(request()));
    expect(err).toMatchObject({ code: 'bad_response', message: 'Shippo answered without a list of rates.' });
  });

  it('no answer within the time limit is a timeout', async () => {
    behaviour = () => {
      // Never answers; afterEach closes the connection.
    };
    const err = await providerError(provider(300).quote(request()));
    expect(err).toMatchObject({ code: 'timeout' });
    expect(seen).toHaveLength(1);
  });

  it('a server that cannot be reached is unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const p = createShippoShipping({ apiToken: TOKEN, apiUrl: `http://127.0.0.1:${port}` });
    const err = await providerError(p.quote(request()));
    expect(err.code).toBe('unavailable');
    expect(err.message).toMatch(/^Shippo could not be reached/);
  });
});
