export * from './common.js';
export * from './constants.js';
export * from './http-headers.js';
export * from './organization.js';
export * from './setup-steps.js';
export * from './user.js';
// Plain rules (limits, names, patterns, pure helpers): zod-free, so the web client can import
// them without the schema library. The schema modules below import them from there.
export * from './media-rules.js';
export * from './product-rules.js';
export * from './address-rules.js';
export * from './catalog-rules.js';
export * from './invite-rules.js';
export * from './text-rules.js';
export * from './cart-rules.js';
export * from './shipping-rules.js';
export * from './payment-rules.js';
export * from './media.js';
export * from './products.js';
export * from './addresses.js';
export * from './catalog.js';
export * from './invites.js';
export * from './customers.js';
export * from './carts.js';
export * from './payments.js';
export * from './shipping.js';
