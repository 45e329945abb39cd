// Shipping estimates (spec sections 3 "Shipping estimate" and 7; DECISIONS: Shippo's shape).
import { z } from 'zod';
import { singleLineText } from './common.js';

/** GET /api/shipping/order/{order_id}/estimates: one rate, in Shippo's shape (plus amount_cents). */
export const ShippingEstimate = z.object({
  object_id: z.string(),
  /** The carrier: USPS, UPS or FedEx. */
  provider: z.string(),
  /** The carrier's logo (a URL or a data: URI). */
  provider_image_200: z.string(),
  servicelevel: z.object({ name: z.string(), token: z.string() }),
  /** Dollars as Shippo writes them: "12.34". */
  amount: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  estimated_days: z.number().int().nullable(),
  duration_terms: z.string().nullable(),
  /** CHEAPEST, FASTEST, BESTVALUE. */
  attributes: z.array(z.string()),
});
export type ShippingEstimate = z.infer<typeof ShippingEstimate>;
export const ShippingEstimateList = z.array(ShippingEstimate);

/** POST /api/shipping/order/{order_id}/rate: one of this order's current estimates. */
export const ChooseRateBody = z.strictObject({
  rate_id: singleLineText({ message: 'is required' }).min(1, 'is required').max(200),
});
export type ChooseRateBody = z.infer<typeof ChooseRateBody>;

/** POST /api/shipping/order/{order_id}/rate-type: a carrier's service level from the current estimates. */
export const ChooseRateTypeBody = z.strictObject({
  service_level_token: singleLineText({ message: 'is required' }).min(1, 'is required').max(100),
  provider: singleLineText({ message: 'is required' }).min(1, 'is required').max(40),
});
export type ChooseRateTypeBody = z.infer<typeof ChooseRateTypeBody>;
