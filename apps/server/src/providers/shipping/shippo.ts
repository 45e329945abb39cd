/**
 * Shippo as the shipping provider (SHIPPO_API_TOKEN): one `POST /shipments/` with
 * `async: false` answers with the rates of every carrier account connected to the Shippo
 * account. Plain fetch, no SDK: it is one call, and the answer is mapped and checked here.
 *
 * The request is checked by the same rules as the built-in engine (same errors, same default
 * weight), and the goods go as parcels of the seller's template, split so none is over
 * 70 lb (the lowest carrier limit, so every carrier can price them). Shippo's own attributes
 * are replaced by ours (common.ts rankRates) so the cards behave the same with either provider.
 */
import {
  ShippingProviderError,
  ShippingRequestError,
  type Carrier,
  type Quote,
  type QuoteNote,
  type QuoteRequest,
  type Rate,
  type ShippingAddress,
  type ShippingProvider,
} from './interface.js';
import {
  amountToCents,
  centsToAmount,
  normalizeRequest,
  rankRates,
  splitIntoBoxes,
  type NormalizedRequest,
} from './common.js';
import { carrierImage200, DEFAULT_QUOTE_TTL_MS } from './builtin.js';

export const SHIPPO_DEFAULT_API_URL = 'https://api.goshippo.com';
/** Heaviest parcel sent to Shippo: USPS's limit, the lowest of the three carriers. */
const SHIPPO_MAX_PARCEL_LB = 70;

export interface ShippoShippingOptions {
  apiToken: string;
  /** Base URL of the API (a test's local server); default https://api.goshippo.com. */
  apiUrl?: string;
  /** Shippo asks carriers live, which can take seconds; default 20 s. */
  timeoutMs?: number;
  now?: () => Date;
  ttlMs?: number;
}

function shippoAddress(address: ShippingAddress, field: 'origin' | 'destination') {
  for (const part of ['line1', 'city', 'state'] as const) {
    if (!address[part]?.trim()) {
      const who = field === 'origin' ? "The seller's ship-from address" : 'The shipping address';
      throw new ShippingRequestError(
        `${field}.${part}`,
        'invalid_address',
        `${who} needs ${part === 'line1' ? 'a street address' : `a ${part}`}.`,
      );
    }
  }
  return {
    // Shippo requires a name on an address; rating does not depend on it.
    name: address.name?.trim() || address.company?.trim() || (field === 'origin' ? 'Shipping Department' : 'Receiving'),
    company: address.company ?? undefined,
    street1: address.line1!.trim(),
    street2: address.line2?.trim() || undefined,
    city: address.city!.trim(),
    state: address.state!.trim(),
    zip: address.postal_code,
    country: 'US',
    phone: address.phone ?? undefined,
    email: address.email ?? undefined,
  };
}

/** Three decimals at most, without trailing zeros: "12", "12.5", "0.063". */
const decimal = (n: number): string => String(Math.round(n * 1000) / 1000);

export function shipmentBody(n: NormalizedRequest) {
  const { count, weightPerBoxLb } = splitIntoBoxes(n.totalWeightLb, SHIPPO_MAX_PARCEL_LB);
  const parcel = {
    length: decimal(n.box.length),
    width: decimal(n.box.width),
    height: decimal(n.box.height),
    distance_unit: 'in',
    weight: decimal(weightPerBoxLb),
    mass_unit: 'lb',
  };
  return {
    address_from: shippoAddress(n.origin, 'origin'),
    address_to: shippoAddress(n.destination, 'destination'),
    parcels: Array.from({ length: count }, () => ({ ...parcel })),
    async: false,
    ...(n.reference ? { metadata: n.reference.slice(0, 100) } : {}),
  };
}

const CARRIER_NAMES: Record<string, Carrier> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One of Shippo's rates in our shape, or null when it is not one we offer (another carrier or currency). */
function mapRate(raw: unknown): Rate | null {
  if (!isRecord(raw)) return null;
  const provider = typeof raw.provider === 'string' ? CARRIER_NAMES[raw.provider.toLowerCase()] : undefined;
  const level = isRecord(raw.servicelevel) ? raw.servicelevel : null;
  const cents = amountToCents(raw.amount);
  if (!provider || !level || typeof raw.object_id !== 'string' || raw.object_id === '') return null;
  if (typeof level.token !== 'string' || typeof level.name !== 'string') return null;
  if (raw.currency !== 'USD' || cents === null) return null;
  const days =
    typeof raw.estimated_days === 'number' && Number.isFinite(raw.estimated_days) ? raw.estimated_days : null;
  return {
    object_id: raw.object_id,
    provider,
    provider_image_200:
      typeof raw.provider_image_200 === 'string' && /^https:\/\//.test(raw.provider_image_200)
        ? raw.provider_image_200
        : carrierImage200(provider),
    servicelevel: { name: level.name, token: level.token },
    amount: centsToAmount(cents),
    amount_cents: cents,
    currency: 'USD',
    estimated_days: days,
    duration_terms: typeof raw.duration_terms === 'string' ? raw.duration_terms : '',
    attributes: [],
  };
}

/** Shippo's error bodies: {"detail": "..."} or {"field": ["message", ...]}. */
function errorText(body: unknown): string {
  if (!isRecord(body)) return '';
  if (typeof body.detail === 'string') return body.detail;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const text = Array.isArray(value)
      ? value.filter((v) => typeof v === 'string').join(' ')
      : typeof value === 'string'
        ? value
        : '';
    if (text) parts.push(`${key}: ${text}`);
  }
  return parts.join('; ').slice(0, 500);
}

function messagesOf(body: Record<string, unknown>): QuoteNote[] {
  if (!Array.isArray(body.messages)) return [];
  return body.messages.flatMap((m): QuoteNote[] => {
    if (!isRecord(m) || typeof m.text !== 'string' || m.text.trim() === '') return [];
    const source = typeof m.source === 'string' && m.source ? `${m.source}: ` : '';
    return [{ code: 'provider_message', message: `${source}${m.text.trim()}`.slice(0, 500) }];
  });
}

export function createShippoShipping(options: ShippoShippingOptions): ShippingProvider {
  const baseUrl = (options.apiUrl ?? SHIPPO_DEFAULT_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const now = options.now ?? (() => new Date());
  const ttlMs = options.ttlMs ?? DEFAULT_QUOTE_TTL_MS;

  return {
    name: 'shippo',
    async quote(request: QuoteRequest, callOptions?: { signal?: AbortSignal }): Promise<Quote> {
      const normalized = normalizeRequest(request);
      const body = shipmentBody(normalized);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = callOptions?.signal ? AbortSignal.any([timeout, callOptions.signal]) : timeout;

      let response: Response;
      let text: string;
      try {
        response = await fetch(`${baseUrl}/shipments/`, {
          method: 'POST',
          headers: {
            Authorization: `ShippoToken ${options.apiToken}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal,
        });
        text = await response.text();
      } catch (err) {
        if (callOptions?.signal?.aborted) throw callOptions.signal.reason;
        if (timeout.aborted) {
          throw new ShippingProviderError(
            'timeout',
            `Shippo did not answer within ${Math.round(timeoutMs / 1000) || 1} s.`,
          );
        }
        throw new ShippingProviderError('unavailable', `Shippo could not be reached: ${(err as Error).message}`);
      }

      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null; // an HTML error page, a cut-off body: judged by the status below
      }
      const status = response.status;
      if (status === 401 || status === 403) {
        throw new ShippingProviderError(
          'unauthorized',
          `Shippo refused the API token (HTTP ${status}): check SHIPPO_API_TOKEN.`,
          status,
        );
      }
      if (status === 429 || status >= 500) {
        throw new ShippingProviderError(
          'unavailable',
          `Shippo is unavailable (HTTP ${status}). Please try again later.`,
          status,
        );
      }
      if (status < 200 || status >= 300) {
        const detail = errorText(parsed);
        throw new ShippingProviderError(
          'rejected',
          `Shippo refused the shipment (HTTP ${status})${detail ? `: ${detail}` : '.'}`,
          status,
        );
      }
      if (!isRecord(parsed) || !Array.isArray(parsed.rates)) {
        throw new ShippingProviderError('bad_response', 'Shippo answered without a list of rates.', status);
      }

      const notes = [...normalized.notes, ...messagesOf(parsed)];
      const rates = parsed.rates.map(mapRate).filter((r): r is Rate => r !== null);
      if (rates.length === 0 && parsed.status === 'ERROR') {
        const why = notes.filter((n) => n.code === 'provider_message').map((n) => n.message);
        throw new ShippingProviderError(
          'rejected',
          `Shippo could not rate the shipment${why.length ? `: ${why.join(' ')}` : '.'}`,
          status,
        );
      }
      return { rates: rankRates(rates), expires_at: new Date(now().getTime() + ttlMs).toISOString(), notes };
    },
  };
}
