import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { ContactFields } from '../../../components/ContactFields';
import { contactBody, contactIssues, saveContact, type ContactValues } from '../../../lib/contact';
import { userQueryKey } from '../../../lib/query-keys';

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
  /**
   * Asks the person's name (required) and phone (optional) too, starting from these (issue 27);
   * they are saved to the user before the organization is created.
   */
  contact?: { name: string | null; phone?: string | null };
}

/** Spec "Account creation (/details)": business name, 'You are a', terms and e-mails. */
export function DetailsForm({
  email,
  onCreated,
  organizationType,
  submitLabel = 'Finish Creating Your Account',
  label = 'Create your account',
  contact,
}: DetailsFormProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [person, setPerson] = useState<ContactValues>({ name: contact?.name ?? '', phone: contact?.phone ?? '' });
  const [touched, setTouched] = useState<{ name?: boolean; phone?: boolean; all?: boolean }>({});
  const savePerson = useMutation({
    mutationFn: saveContact,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
  const [type, setType] = useState<OrganizationType>(organizationType ?? DEFAULT_ORGANIZATION_TYPE);
  const [terms, setTerms] = useState(true);
  const [emails, setEmails] = useState(true);
  const create = useCreateOrganization();

  const trimmed = name.trim();
  const saving = create.isPending || savePerson.isPending;
  const nameIssue = create.error instanceof ApiError ? create.error.issueFor('name') : undefined;
  const localIssues = contact ? contactIssues(person) : {};
  const serverPersonError = savePerson.error instanceof ApiError ? savePerson.error : undefined;
  const personIssues = {
    name: (touched.name || touched.all ? localIssues.name : undefined) ?? serverPersonError?.issueFor('name'),
    phone: (touched.phone || touched.all ? localIssues.phone : undefined) ?? serverPersonError?.issueFor('phone'),
  };
  const error = create.error ?? savePerson.error;

  function createOrganization() {
    create.mutate(
      { selected_type: type, name: trimmed, terms_accepted: terms, transactional_emails: emails },
      { onSuccess: (organization) => onCreated(organization) },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || saving) return;
    if (!contact) {
      createOrganization();
      return;
    }
    setTouched({ all: true });
    if (localIssues.name || localIssues.phone) return;
    create.reset();
    savePerson.mutate(contactBody(person), { onSuccess: createOrganization });
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={label}>
      {error && (
        <Alert severity="error" role="alert">
          {errorMessage(error)}
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
      {contact && (
        <ContactFields
          values={person}
          onChange={setPerson}
          issues={personIssues}
          onBlur={(field) => setTouched((was) => ({ ...was, [field]: true }))}
          seenBy={type === 'Merchant' ? 'your customers' : 'the sellers you buy from'}
        />
      )}
      <ConsentCheckboxes terms={terms} onTermsChange={setTerms} emails={emails} onEmailsChange={setEmails} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!trimmed || saving || (contact !== undefined && !person.name.trim())}
        startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
