import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export const AGREE_TO_TERMS_TEXT = 'I agree to the Cratebase Terms and privacy policy.';

export interface ConsentCheckboxesProps {
  terms: boolean;
  onTermsChange: (checked: boolean) => void;
  emails: boolean;
  onEmailsChange: (checked: boolean) => void;
  termsLabel?: string;
}

/** The two boxes of every sign-up: the Terms and privacy policy, and transactional e-mails. */
export function ConsentCheckboxes({
  terms,
  onTermsChange,
  emails,
  onEmailsChange,
  termsLabel = AGREE_TO_TERMS_TEXT,
}: ConsentCheckboxesProps) {
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={<Checkbox checked={terms} onChange={(event) => onTermsChange(event.target.checked)} />}
        label={<Typography variant="body2">{termsLabel}</Typography>}
      />
      <FormControlLabel
        control={<Checkbox checked={emails} onChange={(event) => onEmailsChange(event.target.checked)} />}
        label={<Typography variant="body2">Send me transactional e-mails about my orders and account.</Typography>}
      />
    </Stack>
  );
}
