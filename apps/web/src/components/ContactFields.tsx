import { CONTACT_LIMITS } from '@cratebase/contract';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ContactValues } from '../lib/contact';

export const CONTACT_NAME_LABEL = 'Your Name';
export const CONTACT_PHONE_LABEL = 'Phone (optional)';

export interface ContactFieldsProps {
  values: ContactValues;
  onChange: (values: ContactValues) => void;
  /** What is wrong with each field (after its name: "is required"), shown instead of the help. */
  issues?: { name?: string; phone?: string };
  /** Called when a field loses focus (the form checks it then). */
  onBlur?: (field: keyof ContactValues) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Who will see the name, for the help text. */
  seenBy?: string;
}

/** The person behind the account (issue 27): their name (required) and phone (optional). */
export function ContactFields({ values, onChange, issues = {}, onBlur, disabled, autoFocus, seenBy }: ContactFieldsProps) {
  return (
    <Stack spacing={2.5}>
      <TextField
        label={CONTACT_NAME_LABEL}
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
        onBlur={() => onBlur?.('name')}
        required
        autoFocus={autoFocus}
        autoComplete="name"
        disabled={disabled}
        error={Boolean(issues.name)}
        helperText={issues.name ? `Your name ${issues.name}` : `So ${seenBy ?? 'the people you trade with'} can tell who they deal with.`}
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.name } }}
      />
      <TextField
        label={CONTACT_PHONE_LABEL}
        value={values.phone}
        onChange={(event) => onChange({ ...values, phone: event.target.value })}
        onBlur={() => onBlur?.('phone')}
        type="tel"
        autoComplete="tel"
        disabled={disabled}
        error={Boolean(issues.phone)}
        helperText={issues.phone ? `Phone ${issues.phone}` : 'For questions about an order, with the country code: +1 802 555 0134.'}
        slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.phone, inputMode: 'tel' } }}
      />
    </Stack>
  );
}
