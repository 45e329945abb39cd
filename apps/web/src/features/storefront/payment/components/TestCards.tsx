import { useId, useState } from 'react';
import { TEST_CARDS, formatCardNumber } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';

export const TEST_CARDS_LABEL = 'Test mode: cards to try';

/** The test cards of the built-in provider, behind a toggle (small print under Pay). */
export function TestCards() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const cards: Array<[string, string]> = [
    [TEST_CARDS.succeeds, 'pays'],
    [TEST_CARDS.declined, 'is declined'],
    [TEST_CARDS.insufficientFunds, 'has insufficient funds'],
    [TEST_CARDS.authentication, 'asks for authentication'],
  ];
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={listId}
        sx={{ ml: -0.5, color: 'text.secondary' }}
      >
        {TEST_CARDS_LABEL}
      </Button>
      <Collapse in={open}>
        <Box id={listId}>
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
        </Box>
      </Collapse>
    </Box>
  );
}
