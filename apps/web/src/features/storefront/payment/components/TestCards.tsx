import { TEST_CARDS, formatCardNumber, type CardValues } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TestModeHint } from '../../../../components/TestModeHint';

export const TEST_CARDS_LABEL = 'Test mode: cards to try';

/**
 * A test card's whole form: the number, an expiry three years ahead (December, so it stays in
 * the future all year), CVC 123, the name given (or "Test Buyer") and the ZIP already typed (or
 * 10001). The built-in provider checks the format only: any future expiry, CVC and ZIP pass.
 */
export function testCardValues(
  number: string,
  typed: CardValues,
  name: string | null | undefined,
  today = new Date(),
): CardValues {
  const year = String((today.getFullYear() + 3) % 100).padStart(2, '0');
  return {
    number: formatCardNumber(number),
    expiry: `12 / ${year}`,
    cvc: '123',
    name: typed.name.trim() || name?.trim() || 'Test Buyer',
    postal_code: typed.postal_code.trim() || '10001',
  };
}

/**
 * The test cards of the built-in provider, behind a toggle (small print under Pay). With `onUse`,
 * each has a Use button that fills the card form with it.
 */
export function TestCards({ onUse }: { onUse?: (number: string) => void }) {
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
            {onUse && (
              <Button
                size="small"
                onClick={() => onUse(number)}
                aria-label={`Use ${formatCardNumber(number)}`}
                sx={{ mr: 0.5, minWidth: 0, py: 0, px: 0.75, lineHeight: 1.6 }}
              >
                Use
              </Button>
            )}
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
