import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';

/**
 * "Test mode: … to try": small print behind a toggle, shown by the built-in (test) payments
 * provider's forms (the card form, the payment account set-up).
 */
export function TestModeHint({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={contentId}
        sx={{ ml: -0.5, color: 'text.secondary' }}
      >
        {label}
      </Button>
      <Collapse in={open}>
        <Box id={contentId}>{children}</Box>
      </Collapse>
    </Box>
  );
}
