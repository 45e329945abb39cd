import { LIMITS } from '@cratebase/contract';
import TextField from '@mui/material/TextField';

/** The signed-in e-mail, read-only, at the top of the account forms. */
export function SignedInEmailField({ email }: { email: string }) {
  return (
    <TextField
      label="Email"
      value={email}
      slotProps={{ input: { readOnly: true } }}
      helperText="The e-mail you signed in with."
    />
  );
}

export interface BusinessNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The server's words about the name (after "Business name"), shown instead of the help. */
  issue?: string;
  helperText: string;
  disabled?: boolean;
}

/** The organization's name, as a new account enters it. */
export function BusinessNameField({ value, onChange, issue, helperText, disabled }: BusinessNameFieldProps) {
  return (
    <TextField
      label="Business Name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      autoFocus
      autoComplete="organization"
      disabled={disabled}
      error={Boolean(issue)}
      helperText={issue ? `Business name ${issue}` : helperText}
      slotProps={{ htmlInput: { maxLength: LIMITS.organizationName } }}
    />
  );
}
