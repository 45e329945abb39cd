/**
 * Orders the seller writes (issue 25 part 2): an order's lines and totals as both sides see
 * them — the seller's builder and the retailer's review. Every amount is the server's (the
 * Proposal answer); the browser only formats it. A side passes what a line's quantity shows
 * (a field while it may change, the number otherwise) and its actions.
 */
import { useId, useState, type ReactNode } from 'react';
import type { Proposal, ProposalLine } from '@cratebase/contract';
import { quantityRuleMessage, type QuantityRules } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { ApiError } from '../../lib/api';
import { capitalised } from '../../lib/field-issues';
import { formatCents } from '../../lib/format';
import { MainAndSideColumns } from '../MainAndSideColumns';
import { PageHeader } from '../PageHeader';
import { ProposalStatusChip } from './ProposalStatusChip';
import { visuallyHidden } from '../visually-hidden';

const THUMB = 48;

function LineThumb({ line }: { line: ProposalLine }) {
  const media = line.product.media[0]?.media;
  const url = media ? (media.variants?.['200'] ?? media.cloudinary_url) : null;
  const box = { width: THUMB, height: THUMB, flex: `0 0 ${THUMB}px`, borderRadius: 1.5, overflow: 'hidden' } as const;
  return url ? (
    <Box component="img" src={url} alt="" loading="lazy" sx={{ ...box, objectFit: 'cover', display: 'block' }} />
  ) : (
    <Box
      aria-hidden
      sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: 'grey.100', color: 'text.disabled' }}
    >
      <ImageOutlinedIcon fontSize="small" />
    </Box>
  );
}

/** "Min 2 · in 2s": the line's order rules, as a field's hint. */
export function quantityHint(rules: QuantityRules): string {
  const parts = [];
  if (rules.minimum_order_quantity > 1) parts.push(`Min ${rules.minimum_order_quantity}`);
  if (rules.order_increment > 1) parts.push(`in ${rules.order_increment}s`);
  return parts.join(' · ');
}

/** One unit's price: "$8.00 less 10% = $7.20 each", or "$8.00 each" without a discount. */
export function unitPriceText(line: ProposalLine, discountPercent: number): string {
  const unit = `${formatCents(line.unit_price_in_cents)} each`;
  return line.listed_unit_price_in_cents !== line.unit_price_in_cents
    ? `${formatCents(line.listed_unit_price_in_cents)} less ${discountPercent}% = ${unit}`
    : unit;
}

/**
 * A quantity as a text field with the numeric keypad: kept as typed until Enter or leaving
 * it, then `onCommit` with the number when it changed and keeps the rules (else the rule's
 * sentence shows under it). `error` is the server's word on this line.
 */
export function QuantityField({
  label,
  value,
  rules,
  error,
  disabled,
  onCommit,
}: {
  label: string;
  value: number;
  rules: QuantityRules;
  error?: string | undefined;
  disabled?: boolean;
  onCommit: (quantity: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  // A new saved quantity replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
    setProblem(null);
  }
  const commit = () => {
    const trimmed = text.trim();
    if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) {
      setProblem('Enter a whole number, 1 or more');
      return;
    }
    const quantity = Number(trimmed);
    const rule = quantityRuleMessage(quantity, rules);
    setProblem(rule);
    if (rule === null && quantity !== value) onCommit(quantity);
  };
  const message = problem ?? error;
  return (
    <TextField
      label="Quantity"
      size="small"
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        setProblem(null);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      error={Boolean(message)}
      helperText={message ?? (quantityHint(rules) || ' ')}
      sx={{ width: 132 }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'aria-label': `Quantity of ${label}`, autoComplete: 'off' },
      }}
    />
  );
}

/** While the lines may change: what a new quantity or a removal does, and the server's word on a line. */
export interface LineEditing {
  onQuantity: (productId: string, quantity: number) => void;
  /** Offered when set (the retailer keeps at least one line). */
  onRemove?: ((productId: string) => void) | undefined;
  lineError: (productId: string) => string | undefined;
  disabled?: boolean;
}

/**
 * The lines, each with its photo, name, SKU, unit, unit price (the customer's less the discount)
 * and line total; a quantity field and Remove while `editing`, else the quantity.
 */
export function ProposalLineList({ proposal, editing }: { proposal: Proposal; editing?: LineEditing | undefined }) {
  return (
    <Stack
      component="ul"
      aria-label="Lines"
      divider={<Divider component="li" aria-hidden />}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {proposal.lines.map((line) => (
        <Box component="li" key={line.product_id} sx={{ py: 1.5 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <LineThumb line={line} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {line.product.name}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    color: 'text.primary',
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  <Box component="span" sx={visuallyHidden}>
                    Line total{' '}
                  </Box>
                  {formatCents(line.line_total_cents)}
                </Typography>
              </Stack>
              <Typography variant="caption" component="p">
                {[
                  line.product.stock_keeping_unit,
                  line.product.order_unit?.unit,
                  unitPriceText(line, proposal.discount_percent),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              {(!line.available || line.quantity_issue) && (
                <Typography variant="caption" component="p" sx={{ color: 'error.main', fontWeight: 600 }}>
                  {line.available
                    ? line.quantity_issue
                    : `Not available${line.unavailable_reason ? `: ${line.unavailable_reason}` : ''}`}
                </Typography>
              )}
              {editing ? (
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
                  <QuantityField
                    label={line.product.name}
                    value={line.quantity}
                    rules={line.product}
                    disabled={editing.disabled}
                    error={editing.lineError(line.product_id)}
                    onCommit={(quantity) => editing.onQuantity(line.product_id, quantity)}
                  />
                  {editing.onRemove && (
                    <Button
                      size="small"
                      color="inherit"
                      disabled={editing.disabled}
                      onClick={() => editing.onRemove?.(line.product_id)}
                      aria-label={`Remove ${line.product.name}`}
                      sx={{ mt: 0.5 }}
                    >
                      Remove
                    </Button>
                  )}
                </Stack>
              ) : (
                <Typography variant="body2" sx={{ mt: 0.5, color: 'text.primary' }}>
                  Quantity {line.quantity}
                </Typography>
              )}
            </Box>
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The line a refused write named (`lines.N.…`, N its place among `productIds`, the lines sent or
 * the order's) and the server's words; null when it named none.
 */
export function lineIssue(
  error: unknown,
  productIds: readonly string[],
): { productId: string; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  for (const issue of error.issues) {
    const m = /^lines\.(\d+)\./.exec(issue.path);
    const productId = m ? productIds[Number(m[1])] : undefined;
    if (productId) return { productId, message: capitalised(issue.message) };
  }
  return null;
}

/** The page's title row: "Order P-1001", its status chip and `about`; a skeleton while loading. */
export function ProposalHeader({
  proposal,
  about,
  back,
}: {
  proposal: Proposal | undefined;
  about: ReactNode;
  back: { to: string; label: string };
}) {
  return (
    <PageHeader
      title={proposal ? `Order ${proposal.number}` : <Skeleton width={200} aria-label="Loading order" />}
      subtitle={
        proposal && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <ProposalStatusChip status={proposal.status} />
            <span>{about}</span>
          </Stack>
        )
      }
      back={back}
    />
  );
}

/** The two columns' placeholders while the order loads. */
export function ProposalSkeleton() {
  return (
    <MainAndSideColumns>
      <Skeleton variant="rounded" height={320} />
      <Skeleton variant="rounded" height={200} />
    </MainAndSideColumns>
  );
}

/** Subtotal at the customer's prices, the discount, and the total (the server's numbers). */
export function ProposalTotals({ proposal }: { proposal: Proposal }) {
  const row = (label: string, value: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        component="dt"
        sx={strong ? { color: 'text.primary', fontWeight: 700 } : undefined}
      >
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        component="dd"
        sx={{ m: 0, color: 'text.primary', fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Stack component="dl" spacing={0.5} sx={{ m: 0 }} aria-label="Totals">
      {row(
        `Subtotal (${proposal.item_count} ${proposal.item_count === 1 ? 'item' : 'items'})`,
        formatCents(proposal.subtotal_cents),
      )}
      {proposal.discount_cents > 0 &&
        row(`Discount (${proposal.discount_percent}%)`, `−${formatCents(proposal.discount_cents)}`)}
      {row('Total', formatCents(proposal.total_cents), true)}
    </Stack>
  );
}

/** A card of an order's page: an outlined section named by its heading. */
export function ProposalCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
