/** Line sheet rules shared by the server and the browser (zod-free; issue 25 part 3). */

export const LINE_SHEET_LIMITS = {
  title: 120,
  note: 2000,
  /** Products a line sheet lists (hand-picked, or the newest live ones for "all live products"). */
  maxProducts: 1000,
  /** A request to order: field lengths. */
  storeName: 120,
  contactName: 120,
  phone: 40,
  message: 2000,
  /** Requests one visitor (by IP) may send in an hour, across line sheets. */
  requestsPerHour: 5,
  /** E-mails of a line sheet one seller may send in an hour. */
  emailsPerHour: 50,
  /** PDFs one visitor (by IP) may download through shared links in an hour (each costs seconds of work). */
  publicPdfsPerHour: 30,
} as const;

/** The path of a shared line sheet's public page in the web client. */
export function lineSheetPagePath(token: string): string {
  return `/line-sheet/${encodeURIComponent(token)}`;
}

/** The share token's shape: 32 random bytes in base64url (43 characters). */
export const LINE_SHEET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** "Min 6 · multiples of 6 · Case of 12": the order rules a line sheet prints under a product (PDF and page). */
export function lineSheetOrderRules(p: {
  minimum_order_quantity: number;
  order_increment: number;
  order_unit: string | null;
  quantity_per_unit: number | null;
}): string {
  const parts = [`Min ${p.minimum_order_quantity}`];
  if (p.order_increment > 1) parts.push(`multiples of ${p.order_increment}`);
  if (p.order_unit)
    parts.push(
      p.quantity_per_unit && p.quantity_per_unit > 1 ? `${p.order_unit} of ${p.quantity_per_unit}` : p.order_unit,
    );
  return parts.join(' · ');
}
