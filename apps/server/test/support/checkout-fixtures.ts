/**
 * The checkout's test data, shared by the API tests, the browser journeys and the benchmark
 * (plain values: no test runner imported, so bench/ may use them too).
 */
export const SHIP_FROM = { line1: '1 Market St', city: 'New York', state: 'NY', postal_code: '10001', country: 'US' };

export const SHIP_TO = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  line1: '5 Elm St',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
};

/** A shipping box (package template) in inches. */
export const BOX = { height: 10, width: 12, length: 14, dimension_unit: 'in' };

/** The payment set-up form of Set Up Payments, filled in (any EIN but the under-review one). */
export const ONBOARDING_FORM = {
  legal_name: 'Hot Sauce Co LLC',
  ein: '12-3456789',
  line1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1985-12-10',
  routing_number: '021000021',
  account_number: '000123456789',
};

/** The rest of a card (any future expiry, any CVC, any ZIP): add a test card number. */
export const CARD = { expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace', postal_code: '94105' };
