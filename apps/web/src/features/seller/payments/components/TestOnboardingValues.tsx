import { UNDER_REVIEW_TEST_EIN } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TestModeHint } from '../../../../components/TestModeHint';

export const TEST_ONBOARDING_LABEL = 'Test mode: values to try';

/** Values the form accepts (the routing number passes the ABA checksum) and what they lead to. */
export const TEST_ONBOARDING_VALUES = {
  ein: '12-3456789',
  underReviewEin: `${UNDER_REVIEW_TEST_EIN.slice(0, 2)}-${UNDER_REVIEW_TEST_EIN.slice(2)}`,
  routingNumber: '110000000',
  accountNumber: '000123456789',
} as const;

/**
 * The built-in provider's test values, behind a toggle like the card form's "cards to try":
 * any valid EIN sets the account up, the test EIN keeps it under review; no bank is contacted.
 */
export function TestOnboardingValues() {
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
      </TestModeHint>
    </Box>
  );
}
