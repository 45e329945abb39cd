import { useState, type FormEvent } from 'react';
import type { Customer } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { DialogButtons } from '../../../../components/DialogButtons';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useCreateProposal, useCustomerSearch } from '../api';

type For = 'customer' | 'email';

/** Write an order: for one of the seller's customers, or a new store's e-mail (sending it invites the store). */
export function NewProposalDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<For>('customer');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [input, setInput] = useState('');
  const [email, setEmail] = useState('');
  const q = useDebouncedValue(input.trim(), 250);
  const customers = useCustomerSearch(orgId, q, open && kind === 'customer');
  const create = useCreateProposal(orgId);
  const navigate = useNavigate();
  const issues = issuesByField(create.error, {
    purchaser_organization_id: 'customer',
    invite_email: 'email',
  } as const);

  const close = () => {
    create.reset();
    onClose();
  };
  const ready = kind === 'customer' ? customer !== null : email.trim() !== '';
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    create.mutate(
      kind === 'customer' ? { purchaser_organization_id: customer!.organization.id } : { invite_email: email.trim() },
      { onSuccess: (proposal) => void navigate(`/app/${orgId}/proposals/${proposal.id}`) },
    );
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="new-proposal-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-proposal-title">Write an order</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Who is it for? You add products, a discount and a note next; nothing is sent until you send it.
          </Typography>
          <RadioGroup
            aria-label="The order is for"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as For);
              create.reset();
            }}
            sx={{ mb: 1 }}
          >
            <FormControlLabel value="customer" control={<Radio />} label="One of your customers" />
            <FormControlLabel value="email" control={<Radio />} label="A new store’s e-mail" />
          </RadioGroup>
          {kind === 'customer' ? (
            <Autocomplete<Customer>
              options={customers.data ?? []}
              value={customer}
              onChange={(_e, next) => {
                setCustomer(next);
                create.reset();
              }}
              inputValue={input}
              onInputChange={(_e, value) => setInput(value)}
              filterOptions={(x) => x}
              getOptionLabel={(c) => c.organization.name}
              isOptionEqualToValue={(a, b) => a.organization.id === b.organization.id}
              loading={customers.isFetching}
              noOptionsText={q ? 'No customer matches' : 'No customers yet — write it for a new store’s e-mail'}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Customer"
                  placeholder="Search by name"
                  autoFocus
                  error={Boolean(issues.customer)}
                  helperText={issues.customer}
                />
              )}
            />
          ) : (
            <TextField
              label="Store’s e-mail"
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                create.reset();
              }}
              fullWidth
              autoFocus
              autoComplete="off"
              error={Boolean(issues.email)}
              helperText={issues.email ?? 'Sending the order invites the store to buy from you.'}
            />
          )}
          {create.isError && !issues.customer && !issues.email && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogButtons
          busy={create.isPending}
          onCancel={close}
          confirmLabel="Start the order"
          confirmDisabled={!ready}
        />
      </form>
    </Dialog>
  );
}
