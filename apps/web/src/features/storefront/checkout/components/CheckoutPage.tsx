import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ADDRESS_LIMITS, type AddressLink, type Cart } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import RemoveShoppingCartOutlinedIcon from '@mui/icons-material/RemoveShoppingCartOutlined';
import { useNavigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { TintedIcon } from '../../../../components/TintedIcon';
import { errorMessage } from '../../../../lib/api';
import { formatCents } from '../../../../lib/format';
import { maskPostalCode } from '../../../../lib/us-address';
import { splitPersonName } from '../../../../lib/contact';
import { useCurrentUser } from '../../../../lib/current-user';
import { NATIVE_STATE_SELECT_PROPS, nativeStateOptions } from '../../../../components/NativeStateOptions';
import { useCart, useCartChanging } from '../../cart/api';
import {
  EMPTY_ADDRESS_FORM,
  addressBody,
  billingPath,
  canSaveAddress,
  checkoutPath,
  serverAddressErrors,
  useCartPair,
  useSaveAddress,
  useSavedAddresses,
  useSetShippingAddress,
  validateAddressForm,
  type AddressErrors,
  type AddressField,
  type AddressForm,
} from '../api';
import { CannotCheckout } from '../../cart/components/CheckoutGate';
import { CertificateNotice } from '../../resale-certificate/components/CertificateNotice';
import { RadioCardGroup } from '../../components/RadioCardGroup';
import { BackToStore, CHECKOUT_STEPS, CheckoutColumns, CheckoutStepPage, SummaryRow } from './CheckoutLayout';
import { OrderSummaryLines } from './OrderSummaryLines';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

export { CHECKOUT_STEPS };
export const CONTINUE_LABEL = 'Continue to shipping options';
export const EMPTY_CART_TITLE = 'Your cart is empty';
export const CANNOT_CHECKOUT_TITLE = 'This cart cannot check out yet';

/** A cart that cannot be at checkout: why, and the way back to the store (no form). */
function NotReady({ cart, orgId, storeName }: { cart: Cart; orgId: string; storeName: string | undefined }) {
  const empty = cart.line_items.length === 0;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 4, md: 8 } }}>
      <TintedIcon>
        <RemoveShoppingCartOutlinedIcon />
      </TintedIcon>
      <Typography variant="h5" component="h2">
        {empty ? EMPTY_CART_TITLE : CANNOT_CHECKOUT_TITLE}
      </Typography>
      {empty ? (
        <Typography variant="body1" sx={{ maxWidth: 460 }}>
          Add products from the store to your cart, then come back here to choose where your order ships.
        </Typography>
      ) : (
        <Box sx={{ width: '100%', maxWidth: 520, textAlign: 'left' }}>
          <CannotCheckout issues={cart.checkout_issues} />
        </Box>
      )}
      <BackToStore orgId={orgId} storeName={storeName} variant="contained" />
    </Stack>
  );
}

/** The address as its card shows it: the name, then the street, then city, state and Zip. */
function AddressCardText({ link }: { link: AddressLink }) {
  const a = link.address;
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return (
    <Box sx={{ py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
      {name && (
        <Typography variant="subtitle2" component="span" sx={{ display: 'block', color: 'text.primary' }}>
          {name}
        </Typography>
      )}
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {a.line2 ? `${a.line1}, ${a.line2}` : a.line1}
      </Typography>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {`${a.city}, ${a.state} ${a.postal_code}`}
      </Typography>
    </Box>
  );
}

interface AddressCardsProps {
  labelledBy: string;
  addresses: AddressLink[];
  selected: string | null;
  onChoose: (addressId: string) => void;
}

/** Saved addresses as radio cards: one radio group, so arrow keys move between them. */
function AddressCards({ labelledBy, addresses, selected, onChoose }: AddressCardsProps) {
  return (
    <RadioCardGroup
      labelledBy={labelledBy}
      items={addresses}
      valueOf={(link) => link.address.id}
      keyOf={(link) => link.id}
      selected={selected}
      onChoose={onChoose}
      renderLabel={(link) => <AddressCardText link={link} />}
      columns={{ xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }}
      cardSx={{ px: 1.5, py: 1 }}
      labelSx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
    />
  );
}

interface NewAddressFormProps {
  buyerOrgId: string;
  /** The first saved address becomes the organization's default. */
  isFirst: boolean;
  onSaved: (link: AddressLink) => void;
  onCancel?: () => void;
}

/** Add New Address (spec sections 2 and 5): Save Address waits for the required fields. */
function NewAddressForm({ buyerOrgId, isFirst, onSaved, onCancel }: NewAddressFormProps) {
  const titleId = useId();
  // The name starts as the signed-in person's (as the app already holds it), for them to change.
  const me = useCurrentUser({ enabled: false });
  const [form, setForm] = useState<AddressForm>(() => {
    const { first, last } = splitPersonName(me.data?.name);
    return { ...EMPTY_ADDRESS_FORM, firstName: first, lastName: last };
  });
  const [errors, setErrors] = useState<AddressErrors>({});
  const save = useSaveAddress(buyerOrgId);
  const fromServer = serverAddressErrors(save.error);
  const errorOf = (field: AddressField) => errors[field] ?? fromServer[field];
  // A server refusal that names none of the form's fields is shown above them.
  const generalError = save.error && Object.keys(fromServer).length === 0 ? errorMessage(save.error) : null;

  function set(field: AddressField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (save.error) save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || !canSaveAddress(form)) return;
    const problems = validateAddressForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    // Not mutate's own onSuccess: saving puts the address in the list, which closes this form,
    // and react-query skips the callbacks of an unmounted caller. The promise still resolves.
    save.mutateAsync(addressBody(buyerOrgId, form, isFirst)).then(onSaved, () => undefined);
  }

  const text = (
    field: AddressField,
    label: string,
    props: { required?: boolean; autoComplete: string; max: number },
  ) => (
    <TextField
      label={label}
      required={props.required ?? true}
      value={form[field]}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? (props.required === false ? 'Optional' : ' ')}
      autoComplete={props.autoComplete}
      slotProps={{ htmlInput: { maxLength: props.max } }}
    />
  );

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-labelledby={titleId}
      onSubmit={submit}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography
        id={titleId}
        variant="subtitle1"
        component="h3"
        sx={{ color: 'text.primary', fontWeight: 600, mb: 2 }}
      >
        New address
      </Typography>
      {generalError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {generalError}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {text('firstName', 'First Name', { autoComplete: 'given-name', max: ADDRESS_LIMITS.name })}
        {text('lastName', 'Last Name', { autoComplete: 'family-name', max: ADDRESS_LIMITS.name })}
        <Box sx={{ gridColumn: { sm: '1 / -1' }, display: 'grid' }}>
          {text('line1', 'Address', { autoComplete: 'address-line1', max: ADDRESS_LIMITS.line })}
        </Box>
        <Box sx={{ gridColumn: { sm: '1 / -1' }, display: 'grid' }}>
          {text('line2', 'Apt/Floor/Suite', {
            required: false,
            autoComplete: 'address-line2',
            max: ADDRESS_LIMITS.line,
          })}
        </Box>
        {text('city', 'City', { autoComplete: 'address-level2', max: ADDRESS_LIMITS.city })}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr) 112px' }}>
          <TextField
            select
            label="State"
            required
            value={form.state}
            onChange={(event) => set('state', event.target.value)}
            error={Boolean(errorOf('state'))}
            helperText={errorOf('state') ?? ' '}
            slotProps={NATIVE_STATE_SELECT_PROPS}
          >
            {nativeStateOptions()}
          </TextField>
          <TextField
            label="Zip"
            required
            value={form.zip}
            onChange={(event) => set('zip', maskPostalCode(event.target.value))}
            error={Boolean(errorOf('zip'))}
            helperText={errorOf('zip') ?? ' '}
            placeholder="12345"
            autoComplete="postal-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {onCancel && (
          <Button onClick={onCancel} color="inherit" disabled={save.isPending}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={!canSaveAddress(form) || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Save Address
        </Button>
      </Stack>
    </Paper>
  );
}

/** Step 1: where the order ships. */
function ShippingAddressStep({ cart, orgId }: { cart: Cart; orgId: string }) {
  const headingId = useId();
  const pair = useCartPair(orgId);
  const buyerOrgId = pair?.buyerId ?? '';
  const addresses = useSavedAddresses(buyerOrgId);
  const choose = useSetShippingAddress(orgId, cart.order.id);
  const [adding, setAdding] = useState(false);
  const list = addresses.data ?? [];
  // The card just chosen shows at once; the cart's order says what the server holds.
  const selected = (choose.isPending ? choose.variables : undefined) ?? cart.order.shipping_address?.id ?? null;

  // A returning buyer with one saved address ships there unless they choose otherwise: it is
  // chosen for them when the page opens (issue 27 §3). With several, none is guessed (which was
  // used last is not known). Decided once, on the first list: an address added here is chosen by
  // its form.
  const decided = useRef(false);
  const hasAddress = Boolean(cart.order.shipping_address);
  const { mutate } = choose;
  useEffect(() => {
    if (decided.current || !addresses.data) return;
    decided.current = true;
    const only = addresses.data.length === 1 ? addresses.data[0]!.address.id : undefined;
    if (only && !hasAddress) mutate(only);
  }, [addresses.data, hasAddress, mutate]);

  const pick = (addressId: string) => {
    if (addressId !== cart.order.shipping_address?.id || choose.isPending) choose.mutate(addressId);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} variant="h6" component="h2">
          Shipping Address
        </Typography>
        {list.length > 0 && !adding && (
          <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add New Address
          </Button>
        )}
      </Stack>

      {addresses.isPending ? (
        <Stack spacing={1.5} role="status" aria-busy aria-label="Loading your addresses">
          <Skeleton variant="rounded" height={88} />
          <Skeleton variant="rounded" height={88} />
        </Stack>
      ) : addresses.isError ? (
        <QueryErrorAlert
          error={addresses.error}
          onRetry={() => void addresses.refetch()}
          prefix="We could not load your saved addresses."
        />
      ) : (
        <Stack spacing={2}>
          {list.length === 0 && (
            <Typography variant="body2">You have no saved addresses yet: add the one this order ships to.</Typography>
          )}
          {list.length > 0 && (
            <AddressCards labelledBy={headingId} addresses={list} selected={selected} onChoose={pick} />
          )}
          {choose.isError && (
            <Alert severity="error" onClose={() => choose.reset()}>
              {errorMessage(choose.error)}
            </Alert>
          )}
          {(adding || list.length === 0) && (
            <NewAddressForm
              buyerOrgId={buyerOrgId}
              isFirst={list.length === 0}
              onCancel={list.length > 0 ? () => setAdding(false) : undefined}
              onSaved={(link) => {
                setAdding(false);
                if (link.address.id) choose.mutate(link.address.id);
              }}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}

/** Subtotal, Continue and Back to store. */
function Summary({ cart, orgId, storeName }: { cart: Cart; orgId: string; storeName: string | undefined }) {
  const navigate = useNavigate();
  const changing = useCartChanging(orgId);
  const hasAddress = Boolean(cart.order.shipping_address);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 88 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Order summary
      </Typography>
      <Typography variant="body2">
        {cart.item_count} {cart.item_count === 1 ? 'item' : 'items'} from {storeName ?? 'this store'}
      </Typography>
      <OrderSummaryLines cart={cart} />
      <Divider sx={{ my: 1.5 }} />
      <Box sx={{ mb: 2 }}>
        <SummaryRow label="Subtotal" value={formatCents(cart.total_cents)} testId="subtotal" emphasis />
      </Box>
      <Stack spacing={1}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          endIcon={<ArrowForwardIcon />}
          disabled={!hasAddress || changing}
          onClick={() => void navigate(billingPath(orgId))}
        >
          {CONTINUE_LABEL}
        </Button>
        {!hasAddress && (
          <Typography variant="caption" sx={{ textAlign: 'center' }}>
            Choose or add a shipping address to continue.
          </Typography>
        )}
        <CertificateNotice buyerOrgId={cart.purchasing_organization_id} storeId={orgId} back={checkoutPath(orgId)} />
        <BackToStore orgId={orgId} storeName={storeName} />
      </Stack>
    </Paper>
  );
}

/** /storefront/{org_id}/checkout: step 1, Shipping Address (spec section 2). */
export function CheckoutPage() {
  useOrganizationPageTitle('Checkout');
  const { orgId = '' } = useParams();
  const cart = useCart(orgId);
  return (
    <CheckoutStepPage orgId={orgId} title="Checkout" step={0} cart={cart}>
      {(data, storeName) =>
        data.line_items.length === 0 || !data.can_checkout ? (
          <NotReady cart={data} orgId={orgId} storeName={storeName} />
        ) : (
          <CheckoutColumns sideWidth={360}>
            <ShippingAddressStep cart={data} orgId={orgId} />
            <Summary cart={data} orgId={orgId} storeName={storeName} />
          </CheckoutColumns>
        )
      }
    </CheckoutStepPage>
  );
}
