import { TEST_CARDS, formatCardNumber } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TestModeHint } from '../../../../components/TestModeHint';

export const TEST_CARDS_LABEL = 'Test mode: cards to try';

/** The test cards of the built-in provider, behind a toggle (small print under Pay). */
export function TestCards() {
  const cards: Array<[string, string]> = [
    [TEST_CARDS.succeeds, 'pays'],
    [TEST_CARDS.declined, 'is declined'],
    [TEST_CARDS.insufficientFunds, 'has insufficient funds'],
    [TEST_CARDS.authentication, 'asks for authentication'],
  ];
  return (
    <TestModeHint label={TEST_CARDS_LABEL}>
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        Test mode: use 4242 4242 4242 4242 with any future expiry, any CVC and any ZIP.
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {cards.map(([number, outcome]) => (
          <Typography key={number} variant="caption" component="li">
            <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {formatCardNumber(number)}
            </Box>{' '}
            {outcome}
          </Typography>
        ))}
      </Box>
    </TestModeHint>
  );
}
