/** The seller's products list (issue 27 §3), zod-free: the web client imports these alone. */

/** At most this many products change status in one bulk command. */
export const PRODUCT_BULK_MAX = 200;
