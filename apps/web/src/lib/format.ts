/**
 * Display formatting shared by every screen (spec section 9): dates in the browser's time zone
 * like "Jan 1, 2024 1:00 PM" (N/A when missing), money from cents in US dollars.
 */

export const NOT_AVAILABLE = 'N/A';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Some ICU versions put a narrow no-break space before AM/PM; show a plain space. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Jan 1, 2024 1:00 PM" in the browser's time zone; N/A when missing or unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return NOT_AVAILABLE;
  return plainSpaces(`${dateFormat.format(date)} ${timeFormat.format(date)}`);
}

/** The same date with only the day: "Jan 1, 2024". */
export function formatDay(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : NOT_AVAILABLE;
}

/** Integer cents as US dollars: 123456 → "$1,234.56". */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return NOT_AVAILABLE;
  return plainSpaces(dollarFormat.format(cents / 100));
}
