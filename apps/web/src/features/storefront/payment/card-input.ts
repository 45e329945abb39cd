/**
 * What the built-in card form keeps of what is typed (pure: no React, unit-tested without a DOM):
 * the card number grouped by its brand, the expiry as "MM / YY" (a deleted slash takes the
 * month's last digit), the CVC and ZIP digits, and the form field a server issue names. The
 * card rules themselves (brands, checks, messages) are the contract's card-rules.ts.
 */
import { CARD_FIELDS, formatCardNumber, formatExpiry, type CardField, type CardValues } from '@cratebase/contract';

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '', name: '', postal_code: '' };

/** A problem to show under each field that has one. */
export type CardErrors = Partial<Record<CardField, string>>;

/** "04 / " minus a character is "04 /": take the month's last digit away rather than put the slash back. */
export function nextExpiry(previous: string, typed: string): string {
  if (typed.length < previous.length && previous.endsWith(' / ') && !typed.endsWith(' / ')) {
    return formatExpiry(typed.replace(/\D/g, '').slice(0, -1));
  }
  return formatExpiry(typed);
}

/** What each field keeps of what is typed. */
export function normalise(field: CardField, typed: string, values: CardValues): string {
  switch (field) {
    case 'number':
      return formatCardNumber(typed);
    case 'expiry':
      return nextExpiry(values.expiry, typed);
    case 'cvc':
      return typed.replace(/\D/g, '').slice(0, 4);
    case 'postal_code':
      return typed.replace(/[^\d-]/g, '').slice(0, 10);
    case 'name':
      return typed.slice(0, 100);
  }
}

/** The server's 400 names fields as `card.number`: the form's field, if it is one. */
export function fieldOfIssue(path: string): CardField | undefined {
  const name = path.split('.').pop();
  return CARD_FIELDS.find((field) => field === name);
}
