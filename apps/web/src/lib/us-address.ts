import { US_STATE_NAMES, US_STATES } from '@cratebase/contract';

/** A state select's options: every two-letter code the API accepts, with its name. */
export const US_STATE_OPTIONS = US_STATES.map((code) => ({ code, name: US_STATE_NAMES[code] }));

/** "12a34-567" → "12345": digits only, at most five (the spec's 5-digit ZIP mask). */
export function maskPostalCode(text: string): string {
  return text.replace(/\D/g, '').slice(0, 5);
}
