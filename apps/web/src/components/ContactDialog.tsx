import { useState, type FormEvent, type ReactNode } from 'react';
import type { CurrentUser } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../lib/api';
import { contactBody, contactIssues, saveContact, type ContactValues } from '../lib/contact';
import { useCurrentUser } from '../lib/current-user';
import { userQueryKey } from '../lib/query-keys';
import { ContactFields } from './ContactFields';

export const CONTACT_DIALOG_TITLE = 'Your details';

export interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
  user: Pick<CurrentUser, 'email' | 'name' | 'phone'>;
  /** Called after the details were saved (the user query already holds them). */
  onSaved?: () => void;
}

function DialogBody({ user, onClose, onSaved }: Omit<ContactDialogProps, 'open'>) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ContactValues>({ name: user.name ?? '', phone: user.phone ?? '' });
  const [touched, setTouched] = useState<{ name?: boolean; phone?: boolean; all?: boolean }>({});
  const save = useMutation({
    mutationFn: saveContact,
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryKey, saved);
      onSaved?.();
      onClose();
    },
  });
  const local = contactIssues(values);
  const server = save.error instanceof ApiError ? save.error : undefined;
  const issues = {
    name: (touched.name || touched.all ? local.name : undefined) ?? server?.issueFor('name'),
    phone: (touched.phone || touched.all ? local.phone : undefined) ?? server?.issueFor('phone'),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ all: true });
    if (local.name || local.phone || save.isPending) return;
    save.mutate(contactBody(values));
  }

  return (
    <form noValidate onSubmit={submit} aria-label={CONTACT_DIALOG_TITLE}>
      <DialogTitle id="contact-dialog-title">{CONTACT_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          Signed in as {user.email}. Your name and phone show on your orders and to the people you trade with.
        </Typography>
        {save.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessage(save.error)}
          </Alert>
        )}
        <ContactFields
          values={values}
          onChange={setValues}
          issues={issues}
          onBlur={(field) => setTouched((was) => ({ ...was, [field]: true }))}
          autoFocus
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending || !values.name.trim()}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

/** Edit the signed-in person's name and phone (issue 27). */
export function ContactDialog({ open, onClose, user, onSaved }: ContactDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="xs" aria-labelledby="contact-dialog-title">
      {open && <DialogBody user={user} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

/** "Your details": opens the dialog for the signed-in person (the seller's side panel). */
export function YourDetailsButton() {
  const user = useCurrentUser().data;
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button
        fullWidth
        size="small"
        variant="text"
        color="inherit"
        onClick={() => setOpen(true)}
        sx={{ color: 'text.secondary' }}
      >
        {CONTACT_DIALOG_TITLE}
      </Button>
      <ContactDialog open={open} onClose={() => setOpen(false)} user={user} />
    </>
  );
}

/**
 * The details dialog behind any trigger (the storefront's top bar draws its own button):
 * `children` gets the function that opens it.
 */
export function YourDetails({ children }: { children: (open: () => void) => ReactNode }) {
  const user = useCurrentUser().data;
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      {children(() => setOpen(true))}
      <ContactDialog open={open} onClose={() => setOpen(false)} user={user} />
    </>
  );
}
