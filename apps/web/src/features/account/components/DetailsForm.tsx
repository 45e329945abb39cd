import { useState, type FormEvent } from 'react';
import {
  DEFAULT_ORGANIZATION_TYPE,
  ORGANIZATION_TYPES,
  type Organization,
  type OrganizationType,
} from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ApiError, errorMessage } from '../../../lib/api';
import { useCreateOrganization } from '../../../lib/current-user';
import { BusinessNameField, SignedInEmailField } from '../../../components/AccountFields';
import { ConsentCheckboxes } from '../../../components/ConsentCheckboxes';

const TYPE_HELP: Record<OrganizationType, string> = {
  Merchant: 'You sell wholesale: you will set up a store, products and terms.',
  Buyer: 'You buy wholesale from sellers who invite you to their stores.',
};

export interface DetailsFormProps {
  /** The signed-in e-mail, shown read-only. */
  email: string;
  /** Called after the organization was created (the user query is already invalidated). */
  onCreated: (organization: Organization) => void | Promise<void>;
  /** Creates this type without asking 'You are a' (e.g. a store from the no-stores page). */
  organizationType?: OrganizationType;
  /** The words of the submit button. */
  submitLabel?: string;
  /** The form's accessible name. */
  label?: string;
}

/** Spec "Account creation (/details)": business name, 'You are a', terms and e-mails. */
export function DetailsForm({
  email,
  onCreated,
  organizationType,
  submitLabel = 'Finish Creating Your Account',
  label = 'Create your account',
}: DetailsFormProps) {
  const [name, setName] = useState('');
  const [type, setType] = useState<OrganizationType>(organizationType ?? DEFAULT_ORGANIZATION_TYPE);
  const [terms, setTerms] = useState(true);
  const [emails, setEmails] = useState(true);
  const create = useCreateOrganization();

  const trimmed = name.trim();
  const saving = create.isPending;
  const nameIssue = create.error instanceof ApiError ? create.error.issueFor('name') : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || saving) return;
    create.mutate(
      { selected_type: type, name: trimmed, terms_accepted: terms, transactional_emails: emails },
      { onSuccess: (organization) => onCreated(organization) },
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={label}>
      {create.error && (
        <Alert severity="error" role="alert">
          {errorMessage(create.error)}
        </Alert>
      )}
      <SignedInEmailField email={email} />
      <BusinessNameField
        value={name}
        onChange={setName}
        issue={nameIssue}
        helperText="The name your customers will see."
      />
      {!organizationType && (
        <TextField
          select
          label="You are a"
          value={type}
          onChange={(event) => setType(event.target.value as OrganizationType)}
          helperText={TYPE_HELP[type]}
        >
          {ORGANIZATION_TYPES.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ConsentCheckboxes terms={terms} onTermsChange={setTerms} emails={emails} onEmailsChange={setEmails} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!trimmed || saving}
        startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
