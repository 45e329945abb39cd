import { useEffect, useState } from 'react';
import type { OrderTerms } from '@cratebase/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import { useParams } from 'react-router';
import { MoneyInput } from '../../../../components/MoneyInput';
import { QueryErrorAlert, RetryAlert } from '../../../../components/QueryErrorAlert';
import { formatCents } from '../../../../lib/format';
import { PageHeader } from '../../../../components/PageHeader';
import { useOrganization } from '../../api';
import { useTermsAutosave, type AutosaveStatus } from '../autosave';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { CancellationsCard } from './CancellationsCard';

/** Largest item minimum the API accepts. */
const MAX_ITEMS = 1_000_000;

const EMPTY_TERMS: OrderTerms = {
  new_customer_min: null,
  returning_customer_min: null,
  new_customer_min_cents: null,
  returning_customer_min_cents: null,
};

/** The save state shown beside the title: Saving… / Saved / the error. */
function SaveStatus({ status }: { status: AutosaveStatus }) {
  let icon = <CloudDoneOutlinedIcon fontSize="small" sx={{ color: 'text.disabled' }} />;
  let text = 'Changes save automatically';
  let color = 'text.secondary';
  if (status.kind === 'pending' || status.kind === 'saving') {
    icon = <CircularProgress size={16} aria-hidden />;
    text = 'Saving…';
  } else if (status.kind === 'saved') {
    icon = <CheckCircleIcon fontSize="small" sx={{ color: 'info.main' }} />;
    text = 'Saved';
    color = 'info.dark';
  } else if (status.kind === 'error') {
    icon = <ErrorOutlineIcon fontSize="small" color="error" />;
    text = 'Not saved';
    color = 'error.main';
  }
  return (
    <Stack
      role="status"
      aria-live="polite"
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        px: 1.5,
        py: 0.75,
        borderRadius: 5,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minHeight: 36,
      }}
    >
      {icon}
      <Typography variant="body2" sx={{ color, fontWeight: 600 }}>
        {text}
      </Typography>
    </Stack>
  );
}

/** The field error of an item minimum that is typed with anything but digits ("1.5"). */
export const WHOLE_NUMBER_PROBLEM = 'Enter a whole number';

/**
 * The typed item minimum: "" → null, a whole number → it, anything else → its field error.
 * What was typed is never changed: text that is not a whole number is not saved.
 */
function parseItems(text: string): { value: number | null } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!/^\d+$/.test(trimmed)) return { problem: WHOLE_NUMBER_PROBLEM };
  const value = Number(trimmed);
  if (value > MAX_ITEMS) return { problem: `Enter at most ${MAX_ITEMS.toLocaleString('en-US')}` };
  return { value };
}

interface MinimumsCardProps {
  title: string;
  description: string;
  items: number | null;
  cents: number | null;
  onItems: (value: number | null) => void;
  onCents: (value: number | null) => void;
  idPrefix: string;
}

function MinimumsCard({ title, description, items, cents, onItems, onCents, idPrefix }: MinimumsCardProps) {
  const headingId = `${idPrefix}-heading`;
  // The text as typed (the card starts from the saved terms; only this field changes them).
  const [itemsText, setItemsText] = useState(items === null ? '' : String(items));
  const parsedItems = parseItems(itemsText);
  const itemsProblem = 'problem' in parsedItems ? parsedItems.problem : undefined;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2.5 }}>
        {description}
      </Typography>
      <Stack spacing={2.5}>
        <TextField
          id={`${idPrefix}-items`}
          label="Minimum items per order"
          value={itemsText}
          onChange={(event) => {
            setItemsText(event.target.value);
            const next = parseItems(event.target.value);
            if ('value' in next) onItems(next.value);
          }}
          error={Boolean(itemsProblem)}
          helperText={itemsProblem ?? 'Total units in the cart. Leave empty for no minimum.'}
          slotProps={{
            htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">items</InputAdornment> },
          }}
        />
        <MoneyInput
          id={`${idPrefix}-cents`}
          label="Minimum order value"
          value={cents}
          onChange={onCents}
          helperText="The cart total before shipping. Leave empty for no minimum."
        />
      </Stack>
    </Card>
  );
}

/** What a retailer is told at checkout when the minimums are not met. */
function RetailerNotice({ items, cents }: { items: number | null; cents: number | null }) {
  const lines: string[] = [];
  if (items) lines.push(`Your wholesale order must include at least ${items} items to checkout.`);
  if (cents) lines.push(`Your wholesale order must cost at least ${formatCents(cents)} to checkout.`);
  if (lines.length === 0) return <Typography variant="body2">No minimum: any order can check out.</Typography>;
  return (
    <Stack spacing={0.5}>
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ color: 'text.primary' }}>
          {line}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * /app/{org_id}/terms: order minimums for new and returning customers, saved as you type, and how
 * long retailers may cancel their orders themselves (saved when the field is left).
 */
export function TermsPage() {
  useOrganizationPageTitle('Terms');
  const { orgId = '' } = useParams();
  const organization = useOrganization(orgId);
  const autosave = useTermsAutosave(orgId);
  const [terms, setTerms] = useState<OrderTerms | null>(null);

  // Start from the saved terms once; later answers do not overwrite what is being typed.
  useEffect(() => {
    if (organization.data && terms === null) setTerms({ ...EMPTY_TERMS, ...organization.data.order_terms });
  }, [organization.data, terms]);

  function change(patch: Partial<OrderTerms>) {
    if (!terms) return;
    const next = { ...terms, ...patch };
    setTerms(next);
    autosave.schedule(next);
  }

  return (
    <Box>
      <PageHeader
        title="Terms"
        subtitle="Order minimums a retailer must meet before checking out, and how long it may cancel an order."
        actions={terms ? <SaveStatus status={autosave.status} /> : undefined}
      />

      {organization.isError && (
        <QueryErrorAlert error={organization.error} onRetry={() => void organization.refetch()} sx={{ mb: 3 }} />
      )}

      {autosave.status.kind === 'error' && (
        <RetryAlert onRetry={autosave.retry} sx={{ mb: 3 }}>
          Your last change was not saved: {autosave.status.message}
        </RetryAlert>
      )}

      {!terms ? (
        organization.isPending && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={280} />
            ))}
          </Box>
        )
      ) : (
        <Stack spacing={3}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <MinimumsCard
              idPrefix="new"
              title="New customers"
              description="A retailer’s first order from you."
              items={terms.new_customer_min}
              cents={terms.new_customer_min_cents}
              onItems={(value) => change({ new_customer_min: value })}
              onCents={(value) => change({ new_customer_min_cents: value })}
            />
            <MinimumsCard
              idPrefix="returning"
              title="Returning customers"
              description="Retailers who have ordered from you before."
              items={terms.returning_customer_min}
              cents={terms.returning_customer_min_cents}
              onItems={(value) => change({ returning_customer_min: value })}
              onCents={(value) => change({ returning_customer_min_cents: value })}
            />
          </Box>

          <Card sx={{ p: { xs: 2.5, sm: 3 }, bgcolor: '#fbfaff' }}>
            <Typography variant="subtitle2" component="h2" sx={{ color: 'text.primary', mb: 1.5 }}>
              What retailers see when an order is below your minimums
            </Typography>
            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Box>
                <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                  First order
                </Typography>
                <RetailerNotice items={terms.new_customer_min} cents={terms.new_customer_min_cents} />
              </Box>
              <Box>
                <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                  Repeat orders
                </Typography>
                <RetailerNotice items={terms.returning_customer_min} cents={terms.returning_customer_min_cents} />
              </Box>
            </Box>
          </Card>

          <CancellationsCard orgId={orgId} />
        </Stack>
      )}
    </Box>
  );
}

export default TermsPage;
