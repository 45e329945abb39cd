import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { DialogButtons } from '../../../../components/DialogButtons';
import { errorMessage } from '../../../../lib/api';
import type { CartPair } from '../../cart/cart-store';
import { setCartLines } from '../api';
import { addedQuantity, heldQuantity, parsePastedLines } from '../bulk-lines';

/** One line of the paste as the buyer reads the outcome: its line number, what it named, what happened. */
interface LineOutcome {
  line: number;
  label: string;
  ok: boolean;
  message: string;
}

/**
 * "Paste from spreadsheet": lines of SKU and quantity (two columns copied from a spreadsheet, or
 * "ABC-123, 12" typed), added to the cart in one request. Every line gets its outcome — added,
 * refused by the store with the reason, or unreadable — by its line number in the paste.
 */
export function PasteLinesDialog({
  pair,
  initialText,
  onClose,
}: {
  pair: CartPair;
  initialText: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<LineOutcome[] | null>(null);

  const submit = async () => {
    const { lines, problems } = parsePastedLines(text);
    const results: LineOutcome[] = problems.map((p) => ({ line: p.line, label: p.text, ok: false, message: p.message }));
    setFailure(null);
    if (lines.length > 0) {
      setBusy(true);
      try {
        const answer = await setCartLines(client, pair, (cart) =>
          lines.map((l) => ({
            stock_keeping_unit: l.sku,
            quantity: addedQuantity(heldQuantity(cart, { stock_keeping_unit: l.sku }), l.quantity),
          })),
        );
        for (const result of answer.results) {
          const pasted = lines[result.index]!;
          const merged = pasted.mergedLines.length > 0 ? ` (with line ${pasted.mergedLines.join(', ')})` : '';
          results.push(
            result.status === 'refused'
              ? { line: pasted.line, label: pasted.sku, ok: false, message: capitalized(result.message ?? 'Could not be added') }
              : {
                  line: pasted.line,
                  label: pasted.sku,
                  ok: true,
                  message: `${pasted.quantity} of ${result.name ?? pasted.sku} added${merged}; ${result.quantity} in your cart`,
                },
          );
        }
      } catch (error) {
        setFailure(errorMessage(error));
        setBusy(false);
        return;
      }
      setBusy(false);
    }
    results.sort((a, b) => a.line - b.line);
    setOutcomes(results);
  };

  const added = outcomes?.filter((o) => o.ok).length ?? 0;
  const refused = outcomes?.filter((o) => !o.ok) ?? [];

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Paste SKUs and quantities</DialogTitle>
      {outcomes === null ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="body2">
                One product per line: its SKU, then how many to add — two columns copied from a spreadsheet, or typed as
                “ABC-123, 12”. Quantities are added to what your cart holds.
              </Typography>
              <TextField
                label="SKU and quantity lines"
                value={text}
                onChange={(event) => setText(event.target.value)}
                multiline
                minRows={8}
                maxRows={16}
                autoFocus
                placeholder={'ABC-123\t12\nXYZ-9, 24'}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              {failure && <Alert severity="error">{failure}</Alert>}
            </Stack>
          </DialogContent>
          <DialogButtons
            onCancel={onClose}
            confirmLabel="Add to cart"
            onConfirm={() => void submit()}
            busy={busy}
            confirmDisabled={text.trim() === ''}
          />
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity={refused.length === 0 ? 'success' : added === 0 ? 'error' : 'warning'} role="status">
                {added === 1 ? '1 line was' : `${added} lines were`} added to your cart
                {refused.length > 0 ? `; ${refused.length} ${refused.length === 1 ? 'was' : 'were'} not.` : '.'}
              </Alert>
              <Box component="ul" aria-label="Each pasted line" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {outcomes.map((o) => (
                  <Box
                    component="li"
                    key={`${o.line}-${o.label}`}
                    sx={{ display: 'flex', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start' }}
                  >
                    {o.ok ? (
                      <CheckCircleOutlineIcon fontSize="small" sx={{ color: 'success.main', mt: '2px' }} aria-hidden />
                    ) : (
                      <ErrorOutlineIcon fontSize="small" sx={{ color: 'error.main', mt: '2px' }} aria-hidden />
                    )}
                    <Typography variant="body2" component="span" sx={{ color: 'text.primary' }}>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        Line {o.line} · {o.label}
                      </Box>
                      {' — '}
                      <Box component="span" sx={{ color: o.ok ? 'text.secondary' : 'error.main' }}>
                        {o.ok ? '' : 'Not added: '}
                        {o.message}
                      </Box>
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button
              color="inherit"
              onClick={() => {
                setOutcomes(null);
                setText('');
              }}
            >
              Paste more
            </Button>
            <Button variant="contained" onClick={onClose} autoFocus>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

const capitalized = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);
