import type { ReactNode } from 'react';
import {
  discountedCents,
  parsePriceBreaks,
  priceBreakLabel,
  type PriceBreak,
  type PriceListProduct,
  type PriceListRow,
} from '@cratebase/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MoneyInput } from '../../../../components/MoneyInput';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { formatCents } from '../../../../lib/format';
import { draftProblems, savedDraft, type RowDraft, type RowProblems } from '../form';

export interface PriceListProductCardProps {
  product: PriceListProduct;
  /** The list's percentage off in basis points (what a row without a fixed price costs). */
  basisPoints: number;
  /** "20% off" / "wholesale price": what applies to a row without a fixed price. */
  percentLabel: string;
  /** The rows' drafts being edited (by row id); a row without one shows its saved price. */
  drafts: Readonly<Record<string, RowDraft>>;
  /** The server's refusal of the last save, by row id. */
  serverProblems: Readonly<Record<string, RowProblems>>;
  readOnly: boolean;
  /** This product's rows are being saved. */
  saving: boolean;
  /** Its hidden switch is being changed (to the value shown). */
  hiding: boolean | null;
  onDraft: (row: PriceListRow, draft: RowDraft) => void;
  onSave: () => void;
  onDiscard: () => void;
  onHidden: (hidden: boolean) => void;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The row's name for labels: "Tee — M", or the product's name when it has no variants. */
export const rowLabel = (product: Pick<PriceListProduct, 'name'>, row: Pick<PriceListRow, 'variant_title'>) =>
  row.variant_title ? `${product.name} — ${row.variant_title}` : product.name;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ color: 'text.primary' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Breaks({ breaks }: { breaks: readonly PriceBreak[] }) {
  if (breaks.length === 0) return null;
  return (
    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
      {breaks.map(priceBreakLabel).join(' · ')}
    </Typography>
  );
}

/**
 * What a customer on the list pays: the saved list price and breaks, or, while the row is
 * edited, what the draft would make them (the fixed price and its breaks, or the wholesale ones
 * less the percentage) — the same rule as the server's.
 */
function listPrice(
  row: PriceListRow,
  basisPoints: number,
  draft: RowDraft | undefined,
): { cents: number | null; breaks: readonly PriceBreak[] } {
  const discounted = () => ({
    cents: row.wholesale_price_in_cents === null ? null : discountedCents(row.wholesale_price_in_cents, basisPoints),
    breaks: row.wholesale_price_breaks.map((b) => ({
      ...b,
      unit_price_in_cents: discountedCents(b.unit_price_in_cents, basisPoints),
    })),
  });
  if (!draft) {
    const breaks = row.fixed_price_in_cents !== null ? row.fixed_price_breaks : discounted().breaks;
    return { cents: row.list_price_in_cents, breaks };
  }
  if (draft.cents === null) return discounted();
  const parsed = parsePriceBreaks(draft.breaks);
  return { cents: draft.cents, breaks: 'error' in parsed ? [] : parsed.breaks };
}

/**
 * One product in the list editor: its name, "Hidden from this list", and each sellable row (its
 * variants, or itself) with its SKU, the wholesale price, the price on the list, and the fixed
 * price with its breaks to edit. Save appears when a row of it has changed.
 */
export function PriceListProductCard(props: PriceListProductCardProps) {
  const { product, basisPoints, percentLabel, drafts, serverProblems, readOnly, saving, hiding } = props;
  const edited = product.rows.some((row) => drafts[row.product_id] !== undefined);
  const hidden = hiding ?? product.hidden;
  const headingId = `price-list-product-${product.id}`;
  const facts = [
    product.stock_keeping_unit && `SKU ${product.stock_keeping_unit}`,
    product.rows.some((row) => row.variant_title) && count(product.rows.length, 'variant', 'variants'),
    hidden && 'Customers on this list do not see it',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        listStyle: 'none',
        p: { xs: 1.5, sm: 2 },
        borderColor: edited ? 'primary.main' : undefined,
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {product.name}
          </Typography>
          {facts && <Typography variant="body2">{facts}</Typography>}
        </Box>
        {readOnly ? (
          hidden && (
            <Chip label="Hidden from this list" size="small" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
          )
        ) : (
          <FormControlLabel
            sx={{ mr: 0, flexShrink: 0 }}
            control={
              <Switch
                checked={hidden}
                disabled={hiding !== null}
                onChange={(event) => props.onHidden(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': headingId } }}
              />
            }
            label="Hidden from this list"
          />
        )}
      </Stack>
      {product.rows.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          This product has no variants to price yet.
        </Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ m: 0, mt: 1.5, p: 0, opacity: hidden ? 0.72 : 1 }}
          aria-label={`Prices of ${product.name}`}
        >
          {product.rows.map((row) => (
            <PriceRow
              key={row.product_id}
              product={product}
              row={row}
              basisPoints={basisPoints}
              percentLabel={percentLabel}
              draft={drafts[row.product_id]}
              server={serverProblems[row.product_id]}
              readOnly={readOnly}
              disabled={saving}
              onDraft={(draft) => props.onDraft(row, draft)}
            />
          ))}
        </Stack>
      )}
      {edited && !readOnly && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          <Typography variant="body2" sx={{ mr: 'auto' }}>
            Unsaved changes
          </Typography>
          <Button color="inherit" onClick={props.onDiscard} disabled={saving}>
            Discard
          </Button>
          <Button variant="contained" onClick={props.onSave} disabled={saving}>
            {saving ? 'Saving…' : 'Save prices'}{' '}
            <Box component="span" sx={visuallyHidden}>
              of {product.name}
            </Box>
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function PriceRow({
  product,
  row,
  basisPoints,
  percentLabel,
  draft,
  server,
  readOnly,
  disabled,
  onDraft,
}: {
  product: PriceListProduct;
  row: PriceListRow;
  basisPoints: number;
  percentLabel: string;
  draft: RowDraft | undefined;
  server: RowProblems | undefined;
  /** Staff: the fixed price and its breaks as text, not fields. */
  readOnly: boolean;
  disabled: boolean;
  onDraft: (draft: RowDraft) => void;
}) {
  const value = draft ?? savedDraft(row);
  const problems: RowProblems = { ...draftProblems(value), ...server };
  const label = rowLabel(product, row);
  const list = listPrice(row, basisPoints, draft);
  // The visible label says "Fixed price"; screen readers hear which row's.
  const forRow = (
    <>
      {' '}
      <Box component="span" sx={visuallyHidden}>
        for {label}
      </Box>
    </>
  );
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: 'minmax(110px, 1fr) 0.8fr 0.8fr minmax(170px, 1.1fr) minmax(180px, 1.3fr)',
        },
        pt: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
        {row.variant_title && (
          <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {row.variant_title}
          </Typography>
        )}
        <Typography
          variant={row.variant_title ? 'caption' : 'body2'}
          component="div"
          sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {row.stock_keeping_unit ? `SKU ${row.stock_keeping_unit}` : 'No SKU'}
        </Typography>
      </Box>
      <Fact label="Wholesale">
        {formatCents(row.wholesale_price_in_cents)}
        <Breaks breaks={row.wholesale_price_breaks} />
      </Fact>
      <Fact label={draft ? 'List price (not saved)' : 'List price'}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {formatCents(list.cents)}
        </Box>
        <Breaks breaks={list.breaks} />
      </Fact>
      {readOnly ? (
        <>
          <Fact label="Fixed price">
            {row.fixed_price_in_cents === null ? 'None' : formatCents(row.fixed_price_in_cents)}
          </Fact>
          <Fact label="Price breaks">
            {row.fixed_price_breaks.length === 0 ? 'None' : row.fixed_price_breaks.map(priceBreakLabel).join(' · ')}
          </Fact>
        </>
      ) : (
        <>
          <MoneyInput
            size="small"
            label={
              <>
                Fixed price
                {forRow}
              </>
            }
            value={value.cents}
            onChange={(cents) => onDraft({ ...value, cents })}
            disabled={disabled}
            error={Boolean(problems.price)}
            helperText={
              problems.price ?? (value.cents === null ? `Empty: ${percentLabel}` : `Replaces ${percentLabel}`)
            }
          />
          <TextField
            size="small"
            label={
              <>
                Price breaks
                {forRow}
              </>
            }
            value={value.breaks}
            placeholder="12:4.10;24:3.90"
            onChange={(event) => onDraft({ ...value, breaks: event.target.value })}
            disabled={disabled}
            error={Boolean(problems.breaks)}
            helperText={problems.breaks ?? 'Quantity:price, optional'}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
        </>
      )}
      {problems.row && (
        <Typography variant="body2" color="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
          {problems.row}
        </Typography>
      )}
    </Box>
  );
}
