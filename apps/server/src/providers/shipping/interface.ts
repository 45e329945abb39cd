/**
 * Shipping rates: what the checkout asks a shipping provider and what it gets back. Two
 * providers implement it — the built-in rate engine (builtin.ts, the default) and Shippo
 * (shippo.ts, when SHIPPO_API_TOKEN is set) — and both answer with rates in Shippo's shape, so
 * the routes and the web app do not care which one is on.
 */
import type { DIMENSION_UNIT_NAMES, WEIGHT_UNIT_NAMES } from '@cratebase/contract';

export type WeightUnit = (typeof WEIGHT_UNIT_NAMES)[number];
export type DimensionUnit = (typeof DIMENSION_UNIT_NAMES)[number];
export type Carrier = 'USPS' | 'UPS' | 'FedEx';
export type RateAttribute = 'CHEAPEST' | 'FASTEST' | 'BESTVALUE';

/** A US address. The built-in engine only reads postal_code; Shippo needs the street too. */
export interface ShippingAddress {
  /** The person or business on the label (Shippo requires a name; a neutral one is used if absent). */
  name?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  /** Five digits. */
  postal_code: string;
  /** Only 'US' is served; absent means US. */
  country?: string | null;
  phone?: string | null;
  email?: string | null;
}

/** One cart line: the product's weight per unit and how many units ship. */
export interface ShippingItem {
  /** Named in notes (e.g. "no weight, 1 lb assumed"). */
  name?: string | null;
  /** Per unit. Null or 0 means the seller has not entered one: DEFAULT_ITEM_WEIGHT_LB is assumed. */
  weight: number | null;
  /** Null with a weight means pounds (noted). */
  weight_unit: WeightUnit | null;
  /** Whole units, at least 1. */
  quantity: number;
}

/** The seller's package template: every box shipped has these outside dimensions. */
export interface PackageDimensions {
  length: number;
  width: number;
  height: number;
  dimension_unit: DimensionUnit;
}

export interface QuoteRequest {
  /**
   * What the rates are for (the order id). It is part of every rate's object_id, so a rate
   * quoted for one order is never the rate of another with the same cart and addresses.
   */
  reference?: string | null;
  /** The seller's ship-from address (null when the seller has not entered one). */
  origin: ShippingAddress | null;
  /** The buyer's ship-to address. */
  destination: ShippingAddress;
  items: ShippingItem[];
  /** The seller's package template (null when the seller has none). */
  package: PackageDimensions | null;
}

/** One priced service level, in Shippo's rate shape (plus amount_cents). */
export interface Rate {
  /**
   * Built-in: a hash of the request and the service, so the same cart gives the same ids and a
   * rate_id sent back later can be checked by quoting again. Shippo: Shippo's rate id.
   */
  object_id: string;
  provider: Carrier;
  /** A 200-px-wide carrier image (a data: URL from the built-in engine). */
  provider_image_200: string;
  servicelevel: { name: string; token: string };
  /** Dollars as Shippo writes them: "12.34". */
  amount: string;
  /** The same amount in integer cents: what the server stores and charges. */
  amount_cents: number;
  currency: 'USD';
  /** Business days from pick-up to delivery; null when Shippo's carrier gives no estimate. */
  estimated_days: number | null;
  duration_terms: string;
  attributes: RateAttribute[];
}

/** Something the buyer or seller should know about the quote (e.g. an assumed weight). */
export interface QuoteNote {
  code: 'default_weight' | 'assumed_unit' | 'several_boxes' | 'carrier_unavailable' | 'provider_message';
  message: string;
}

export interface Quote {
  /** Cheapest first. May be empty (e.g. Shippo found no service): the caller shows its alert. */
  rates: Rate[];
  /** After this instant the rates must be quoted again (ISO 8601). */
  expires_at: string;
  notes: QuoteNote[];
}

export interface ShippingProvider {
  readonly name: 'builtin' | 'shippo';
  /**
   * Prices every service level for the request. Throws ShippingRequestError when the request
   * cannot be priced (its `field` says what is missing or wrong) and ShippingProviderError when
   * an outside service fails.
   */
  quote(request: QuoteRequest, options?: { signal?: AbortSignal }): Promise<Quote>;
}

/**
 * The request cannot be priced until someone fixes `field` (e.g. `package` — the seller has no
 * package template; `origin` — no ship-from address; `destination.postal_code`).
 */
export class ShippingRequestError extends Error {
  constructor(
    public readonly field: string,
    public readonly code:
      | 'missing_package'
      | 'missing_origin'
      | 'invalid_postal_code'
      | 'invalid_country'
      | 'invalid_address'
      | 'invalid_package'
      | 'invalid_item'
      | 'no_items'
      | 'package_too_large',
    message: string,
  ) {
    super(message);
    this.name = 'ShippingRequestError';
  }
}

/** The outside shipping service failed or answered something we cannot use. */
export class ShippingProviderError extends Error {
  constructor(
    public readonly code: 'unauthorized' | 'unavailable' | 'timeout' | 'rejected' | 'bad_response',
    message: string,
    /** The HTTP status the service answered, when it answered. */
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'ShippingProviderError';
  }
}
