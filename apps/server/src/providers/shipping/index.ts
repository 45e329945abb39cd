/** Shipping rates: the built-in rate engine, or Shippo when SHIPPO_API_TOKEN is set. */
import type { Config } from '../../config.js';
import type { ShippingProvider } from './interface.js';
import { createBuiltinShipping } from './builtin.js';
import { createShippoShipping } from './shippo.js';

export type {
  Carrier,
  DimensionUnit,
  PackageDimensions,
  Quote,
  QuoteNote,
  QuoteRequest,
  Rate,
  RateAttribute,
  ShippingAddress,
  ShippingItem,
  ShippingProvider,
  WeightUnit,
} from './interface.js';
export { ShippingProviderError, ShippingRequestError } from './interface.js';
export { DEFAULT_ITEM_WEIGHT_LB } from './common.js';
export { createBuiltinShipping, quoteBuiltin, DEFAULT_QUOTE_TTL_MS } from './builtin.js';
export { createShippoShipping, SHIPPO_DEFAULT_API_URL } from './shippo.js';

export function createShippingProvider(config: Pick<Config, 'shipping'>): ShippingProvider {
  const s = config.shipping;
  if (s.provider === 'shippo') return createShippoShipping({ apiToken: s.apiToken, apiUrl: s.apiUrl });
  return createBuiltinShipping();
}
