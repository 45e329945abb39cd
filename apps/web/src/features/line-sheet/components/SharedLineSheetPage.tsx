import { useState, type FormEvent } from 'react';
import type { CreateLineSheetRequestBody, SharedLineSheet } from '@cratebase/contract';
import { LIMITS, LINE_SHEET_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { useParams } from 'react-router';
import { LineSheetProductGrid } from '../../../components/line-sheets/LineSheetProductCard';
import { Logo } from '../../../components/Logo';
import { ApiError, errorMessage } from '../../../lib/api';
import { issuesByField } from '../../../lib/field-issues';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { usePageTitle } from '../../../lib/use-page-title';
import { sharedPdfPath, useRequestToOrder, useSharedLineSheet } from '../api';

export const LINE_SHEET_LINK_INVALID_TEXT = 'This line sheet link is not valid';

/** The form's fields, by the request's field names. */
const FIELDS = {
  store_name: 'store_name',
  contact_name: 'contact_name',
  email: 'email',
  phone: 'phone',
  message: 'message',
} as const;

function RequestForm({ token, sellerName }: { token: string; sellerName: string }) {
  const empty = { store_name: '', contact_name: '', email: '', phone: '', message: '' };
  const [form, setForm] = useState(empty);
  const request = useRequestToOrder(token);
  // One key for this form: resending after a lost answer is the same request.
  const [key] = useState(newIdempotencyKey);
  const issues = issuesByField(request.error, FIELDS);
  /** A field's value, label, length limit and server issue. */
  const field = (name: keyof typeof empty, label: string, maxLength: number) => ({
    label,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    slotProps: { htmlInput: { maxLength } },
    error: Boolean(issues[name]),
    helperText: issues[name],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: CreateLineSheetRequestBody = {
      store_name: form.store_name.trim(),
      contact_name: form.contact_name.trim(),
      email: form.email.trim(),
      ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
      ...(form.message.trim() ? { message: form.message.trim() } : {}),
    };
    request.mutate({ body, key });
  }

  if (request.isSuccess) {
    return (
      <Alert severity="success" role="status">
        Thank you — {sellerName} has your request. They will e-mail you an invitation to order online.
      </Alert>
    );
  }
  const other = request.isError && Object.keys(issues).length === 0;
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            {...field('store_name', 'Store name', LINE_SHEET_LIMITS.storeName)}
            required
            autoComplete="organization"
          />
          <TextField
            {...field('contact_name', 'Your name', LINE_SHEET_LIMITS.contactName)}
            required
            autoComplete="name"
          />
          <TextField
            {...field('email', 'E-mail', LIMITS.email)}
            type="email"
            required
            autoComplete="email"
            helperText={issues.email ?? 'Your invitation is sent here.'}
          />
          <TextField {...field('phone', 'Phone (optional)', LINE_SHEET_LIMITS.phone)} type="tel" autoComplete="tel" />
        </Box>
        <TextField
          {...field('message', 'Message (optional)', LINE_SHEET_LIMITS.message)}
          multiline
          minRows={3}
          placeholder="What would you like to order, and when?"
        />
        {other && <Alert severity="error">{errorMessage(request.error)}</Alert>}
        <div>
          <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send request'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function SheetBody({ token, sheet }: { token: string; sheet: SharedLineSheet }) {
  return (
    <Stack spacing={{ xs: 3, sm: 4 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {sheet.seller.logo_url ? (
            <Box
              component="img"
              src={sheet.seller.logo_url}
              alt=""
              sx={{ width: 48, height: 48, objectFit: 'contain', borderRadius: 1 }}
            />
          ) : (
            <StorefrontOutlinedIcon sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
          )}
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {sheet.seller.name}
          </Typography>
        </Stack>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {sheet.title}
        </Typography>
        {sheet.note && (
          <Typography variant="body1" sx={{ whiteSpace: 'pre-line', color: 'text.primary', maxWidth: 720 }}>
            {sheet.note}
          </Typography>
        )}
        <Typography variant="body2">
          {sheet.products.length} {sheet.products.length === 1 ? 'product' : 'products'} · wholesale and retail prices
          in USD
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" href="#request-to-order">
            Request to order
          </Button>
          <Button
            variant="outlined"
            startIcon={<PictureAsPdfOutlinedIcon />}
            href={sharedPdfPath(token)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Download PDF
          </Button>
        </Stack>
      </Stack>
      {sheet.products.length === 0 ? (
        <Typography variant="body1">This line sheet lists no products right now.</Typography>
      ) : (
        <Box component="section" aria-labelledby="line-sheet-products-title">
          <Typography id="line-sheet-products-title" variant="h5" component="h2" sx={{ mb: 2 }}>
            Products
          </Typography>
          <LineSheetProductGrid products={sheet.products} />
        </Box>
      )}
      <Paper
        variant="outlined"
        component="section"
        id="request-to-order"
        aria-labelledby="request-to-order-title"
        sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 16 }}
      >
        <Typography id="request-to-order-title" variant="h5" component="h2" sx={{ mb: 0.5 }}>
          Request to order
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          No account needed: {sheet.seller.name} gets your request and can invite your store to order online.
        </Typography>
        <RequestForm token={token} sellerName={sheet.seller.name} />
      </Paper>
    </Stack>
  );
}

/** /line-sheet/{token}: a shared line sheet, readable without signing in, with a “Request to order” form. */
export function SharedLineSheetPage() {
  const { token = '' } = useParams();
  const sheet = useSharedLineSheet(token);
  usePageTitle(sheet.data ? `${sheet.data.title} — ${sheet.data.seller.name}` : 'Line sheet');
  const invalid = sheet.error instanceof ApiError && sheet.error.status === 404;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', py: 1.5 }}>
          <Logo height={24} />
        </Container>
      </Box>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
        {sheet.isPending && (
          <Stack spacing={2} aria-label="Loading line sheet">
            <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        )}
        {invalid && (
          <Stack spacing={1.5} sx={{ maxWidth: 560 }}>
            <Typography variant="h4" component="h1">
              {LINE_SHEET_LINK_INVALID_TEXT}
            </Typography>
            <Typography variant="body1">
              It may have been replaced or turned off. Ask the seller for a new link.
            </Typography>
            <div>
              <Link href="/">Go to Cratebase</Link>
            </div>
          </Stack>
        )}
        {sheet.isError && !invalid && <Alert severity="error">{errorMessage(sheet.error)}</Alert>}
        {sheet.data && <SheetBody token={token} sheet={sheet.data} />}
      </Container>
    </Box>
  );
}
