import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCurrentUser } from '../lib/current-user';
import { ContactDialog } from './ContactDialog';

export const CONTACT_PROMPT_TEXT =
  'Add your name so the people you trade with see who placed or handles an order, not only an e-mail address.';

const dismissedKey = (userId: string) => `contact_prompt_dismissed:${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * Issue 27, for accounts made before sign-up asked a name: a gentle, dismissible prompt (asked
 * once per browser; "Not now" stays dismissed) that opens the details dialog. Renders nothing
 * once the person has a name.
 */
export function ContactPrompt() {
  const user = useCurrentUser().data;
  const [dismissed, setDismissed] = useState(false);
  const [open, setOpen] = useState(false);
  if (!user || user.name?.trim() || dismissed || wasDismissed(user.id)) return null;

  function notNow() {
    try {
      window.localStorage.setItem(dismissedKey(user!.id), '1');
    } catch {
      // Storage may be off (private mode): the prompt then stays away for this page's life only.
    }
    setDismissed(true);
  }

  return (
    <>
      {/* A region, not an alert: nothing went wrong, and screen readers should not be interrupted. */}
      <Alert
        role="region"
        aria-label="Add your name"
        severity="info"
        sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}
      >
        {/* The buttons sit beside the words where there is room, under them on a phone. */}
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between' }}
        >
          <span>{CONTACT_PROMPT_TEXT}</span>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button color="inherit" size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
              Add your name
            </Button>
            <Button color="inherit" size="small" onClick={notNow} sx={{ whiteSpace: 'nowrap' }}>
              Not now
            </Button>
          </Stack>
        </Stack>
      </Alert>
      <ContactDialog open={open} onClose={() => setOpen(false)} user={user} />
    </>
  );
}
