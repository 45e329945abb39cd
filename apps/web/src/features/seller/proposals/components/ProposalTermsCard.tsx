import { useState } from 'react';
import type { Proposal, ProposalPatch } from '@cratebase/contract';
import { PROPOSAL_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { ProposalCard } from '../../../../components/orders/ProposalLines';
import { useUpdateProposal } from '../api';

/** The discount as typed: a number from 0 to 50 with at most two decimals, or a sentence why not. */
export function parseDiscount(text: string): number | string {
  const t = text.trim().replace(',', '.');
  if (t === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'Enter a percentage such as 10 or 12.5 (two decimals at most)';
  const n = Number(t);
  return n > PROPOSAL_LIMITS.discountPercentMax ? `At most ${PROPOSAL_LIMITS.discountPercentMax}%` : n;
}

/** A draft's discount, note and stock reservation; each saved when the field is left (the switch at once). */
export function ProposalTermsCard({ orgId, proposal }: { orgId: string; proposal: Proposal }) {
  const update = useUpdateProposal(orgId, proposal.id);
  const [discount, setDiscount] = useState(String(proposal.discount_percent || ''));
  const [note, setNote] = useState(proposal.note ?? '');
  const [discountProblem, setDiscountProblem] = useState<string | null>(null);
  const issues = issuesByField(update.error, { discount_percent: 'discount', note: 'note' } as const);

  const save = (patch: ProposalPatch) => update.mutate(patch);
  const saveDiscount = () => {
    const parsed = parseDiscount(discount);
    if (typeof parsed === 'string') return setDiscountProblem(parsed);
    setDiscountProblem(null);
    if (parsed !== proposal.discount_percent) save({ discount_percent: parsed });
  };
  const saveNote = () => {
    const next = note.trim() === '' ? null : note;
    if (next !== proposal.note) save({ note: next });
  };

  return (
    <ProposalCard title="Discount and note">
      <Stack spacing={2}>
        <TextField
          label="Discount"
          value={discount}
          onChange={(e) => {
            setDiscount(e.target.value);
            setDiscountProblem(null);
          }}
          onBlur={saveDiscount}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              saveDiscount();
            }
          }}
          error={Boolean(discountProblem ?? issues.discount)}
          helperText={discountProblem ?? issues.discount ?? 'Off every line’s customer price'}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          }}
          sx={{ maxWidth: 220 }}
        />
        <TextField
          label="Note to the customer"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onBlur={saveNote}
          multiline
          minRows={3}
          fullWidth
          error={Boolean(issues.note)}
          helperText={issues.note ?? 'Shown with the order and in the e-mail'}
          slotProps={{ htmlInput: { maxLength: PROPOSAL_LIMITS.note } }}
        />
        <FormControlLabel
          control={
            <Switch checked={proposal.reserve_stock} onChange={(e) => save({ reserve_stock: e.target.checked })} />
          }
          label={`Reserve stock for ${PROPOSAL_LIMITS.reserveDays} days`}
        />
        <Typography variant="caption" component="p" sx={{ mt: '0 !important' }}>
          {proposal.reserve_stock
            ? `When you send it, its stock is held for the customer for ${PROPOSAL_LIMITS.reserveDays} days or until they answer.`
            : 'Until the customer accepts, the order holds no stock.'}
        </Typography>
        {update.isError && !issues.discount && !issues.note && (
          <Alert severity="error">{errorMessage(update.error)}</Alert>
        )}
      </Stack>
    </ProposalCard>
  );
}
