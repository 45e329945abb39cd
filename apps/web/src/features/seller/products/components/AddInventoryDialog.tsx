import { useId, useState, type FormEvent } from 'react';
import { PRODUCT_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogButtons } from '../../../../components/DialogButtons';
import { ApiError, errorMessage } from '../../../../lib/api';
import { newIdempotencyKey } from '../../../../lib/idempotency';
import { useAddInventory, useProduct } from '../api';

export interface AddInventoryDialogProps {
  orgId: string;
  productId: string;
  productName: string;
  /** The unit the stock is counted in (the order unit), e.g. "Case". */
  unitName?: string | null;
  open: boolean;
  onClose: () => void;
  onAdded?: (inventoryCount: number) => void;
}

/** "Case" → "cases"; "Each" → "units". */
function pluralUnit(unit: string | null | undefined): string {
  const u = (unit ?? '').toLowerCase();
  if (!u || u === 'each') return 'units';
  if (u === 'dozen') return 'dozens';
  if (/(s|x|ch|sh)$/.test(u)) return `${u}es`;
  return `${u}s`;
}

/** DECISIONS "Add-inventory dialog": shows the current count and adds to it. */
export function AddInventoryDialog(props: AddInventoryDialogProps) {
  const { open, onClose } = props;
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Add Inventory</DialogTitle>
      {open && <AddInventoryForm {...props} />}
    </Dialog>
  );
}

function AddInventoryForm({ orgId, productId, productName, unitName, onClose, onAdded }: AddInventoryDialogProps) {
  // The count as the server has it now (refetched when the dialog opens).
  const product = useProduct(productId, { refetchOnMount: 'always' });
  const add = useAddInventory(orgId);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  // One key per intended addition: a retry after a lost answer is applied once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const current = product.data?.inventory_count;
  const count = /^-?\d+$/.test(text) ? Number(text) : null;
  const unitLabel = pluralUnit(unitName);

  let problem: string | null = null;
  if (text === '') problem = 'Enter how many to add';
  else if (count === null) problem = 'Enter a whole number';
  else if (count < 1) problem = 'Enter at least 1';
  else if (count > PRODUCT_LIMITS.inventory) problem = 'That number is too large';
  const serverIssue = add.error instanceof ApiError ? add.error.issueFor('count') : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog is portaled, but React still bubbles its submit up the component tree: it
    // must never reach a form around the dialog (the product form would save).
    event.stopPropagation();
    setTouched(true);
    if (problem || count === null || add.isPending) return;
    add.mutate(
      { productId, count, idempotencyKey },
      {
        onSuccess: (transaction) => {
          setIdempotencyKey(newIdempotencyKey());
          onAdded?.(transaction.product.inventory_count);
          onClose();
        },
      },
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent sx={{ pt: 0.5 }}>
        <Typography variant="body2" sx={{ mb: 2.5, wordBreak: 'break-word' }}>
          {productName}
        </Typography>
        <Stack
          direction="row"
          spacing={3}
          sx={{ mb: 3, p: 2, borderRadius: 3, bgcolor: '#f7f6fb', border: 1, borderColor: 'divider' }}
        >
          <Box>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
              In stock now
            </Typography>
            {product.isPending ? (
              <Skeleton variant="text" width={48} sx={{ fontSize: '2rem' }} />
            ) : (
              <Typography
                variant="h4"
                component="p"
                sx={{ color: 'text.primary', fontVariantNumeric: 'tabular-nums' }}
                aria-label={`Current inventory: ${current ?? 'unknown'}`}
              >
                {current ?? '—'}
              </Typography>
            )}
          </Box>
          {count !== null && !problem && current !== undefined && (
            <Box>
              <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
                After adding
              </Typography>
              <Typography variant="h4" component="p" sx={{ color: 'primary.main', fontVariantNumeric: 'tabular-nums' }}>
                {current + count}
              </Typography>
            </Box>
          )}
        </Stack>
        {product.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(product.error)}
          </Alert>
        )}
        <TextField
          label="Quantity to add"
          value={text}
          autoFocus
          onChange={(event) => {
            const v = event.target.value.trim();
            if (v.length <= 12) setText(v);
          }}
          onBlur={() => setTouched(true)}
          error={Boolean((touched && problem) || serverIssue)}
          helperText={
            (touched && problem) ||
            (serverIssue ? `Quantity ${serverIssue}` : `A whole number of ${unitLabel}, 1 or more.`)
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        {add.error && !serverIssue && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(add.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogButtons
        busy={add.isPending}
        onCancel={onClose}
        confirmLabel="Add Inventory"
        confirmDisabled={product.isPending || problem !== null}
      />
    </Box>
  );
}
