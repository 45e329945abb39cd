import { UNDER_REVIEW_TEST_EIN } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TestModeHint } from '../../../../components/TestModeHint';
import { splitPersonName } from '../../../../lib/contact';

export const TEST_ONBOARDING_LABEL = 'Test mode: values to try';

/** Values the form accepts (the routing number passes the ABA checksum) and what they lead to. */
export const TEST_ONBOARDING_VALUES = {
  ein: '12-3456789',
  underReviewEin: `${UNDER_REVIEW_TEST_EIN.slice(0, 2)}-${UNDER_REVIEW_TEST_EIN.slice(2)}`,
  routingNumber: '110000000',
  accountNumber: '000123456789',
} as const;

export const FILL_TEST_VALUES_LABEL = 'Fill in test values';

/**
 * The whole form filled with test values, keeping what was typed already: the business is the
 * store's name + LLC, the representative the signed-in person (split at the last space), an
 * Austin address, a birth date long past 18, and the payout account above.
 */
export function testOnboardingForm<F extends Record<string, string>>(
  typed: F,
  store: { name?: string | null; person?: string | null },
): F {
  const { first, last } = splitPersonName(store.person);
  const v = TEST_ONBOARDING_VALUES;
  const values: Record<string, string> = {
    legal_name: store.name?.trim() ? `${store.name.trim()} LLC` : 'Test Business LLC',
    ein: v.ein,
    line1: '400 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    first_name: first || 'Alex',
    last_name: last || 'Rivera',
    date_of_birth: '1985-06-15',
    routing_number: v.routingNumber,
    account_number: v.accountNumber,
    confirm_account_number: v.accountNumber,
  };
  const filled: Record<string, string> = { ...typed };
  for (const [field, value] of Object.entries(values)) {
    if (field in typed && !typed[field]!.trim()) filled[field] = value;
  }
  return filled as F;
}

/**
 * The built-in provider's test values, behind a toggle like the card form's "cards to try":
 * any valid EIN sets the account up, the test EIN keeps it under review; no bank is contacted.
 */
export function TestOnboardingValues({ onFill }: { onFill?: () => void }) {
  const v = TEST_ONBOARDING_VALUES;
  const values: Array<[string, string, string]> = [
    ['EIN', v.ein, 'the account is set up and can take payments (any valid EIN does)'],
    ['EIN', v.underReviewEin, 'the account stays under review'],
    ['Routing number', v.routingNumber, 'passes the routing number check'],
    ['Account number', v.accountNumber, 'any 4 to 17 digits'],
  ];
  return (
    <Box sx={{ mb: 2.5 }}>
      <TestModeHint label={TEST_ONBOARDING_LABEL}>
        <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
          Test mode: no real business or bank is checked. Any other field can hold any well-formed value.
        </Typography>
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {values.map(([field, value, outcome]) => (
            <Typography key={value} variant="caption" component="li">
              {field}{' '}
              <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {value}
              </Box>
              : {outcome}
            </Typography>
          ))}
        </Box>
        {onFill && (
          <Button size="small" variant="outlined" onClick={onFill} sx={{ mt: 1 }}>
            {FILL_TEST_VALUES_LABEL}
          </Button>
        )}
      </TestModeHint>
    </Box>
  );
}
