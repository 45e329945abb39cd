import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export const AGREE_TO_TERMS_TEXT = 'I agree to the Cratebase Terms and privacy policy.';

/** The words of a terms label that become links to the product's pages. */
const LEGAL_PHRASE = /Terms and privacy policy/;

export interface ConsentCheckboxesProps {
  terms: boolean;
  onTermsChange: (checked: boolean) => void;
  emails: boolean;
  onEmailsChange: (checked: boolean) => void;
  termsLabel?: string;
}

/**
 * A terms label with "Terms" linking to /terms and "privacy policy" to /privacy. They open in a
 * new tab, so reading them never loses what was typed in the form.
 */
export function TermsLabel({ text }: { text: string }): ReactNode {
  const match = LEGAL_PHRASE.exec(text);
  if (!match) return text;
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  return (
    <>
      {before}
      <Link href="/terms" target="_blank" rel="noopener">
        Terms
      </Link>{' '}
      and{' '}
      <Link href="/privacy" target="_blank" rel="noopener">
        privacy policy
      </Link>
      {after}
    </>
  );
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
        label={
          <Typography variant="body2">
            <TermsLabel text={termsLabel} />
          </Typography>
        }
      />
      <FormControlLabel
        control={<Checkbox checked={emails} onChange={(event) => onEmailsChange(event.target.checked)} />}
        label={<Typography variant="body2">Send me transactional e-mails about my orders and account.</Typography>}
      />
    </Stack>
  );
}
