/**
 * Checkout step 1 (spec sections 2, 4, 5 and 7): the buyer organization's saved addresses, saving
 * a new one, and shipping the cart's draft order to one of them. The order as the cart shows it
 * (`cart.order.shipping_address`) says whether the step is done, so every change here ends by
 * reading the cart again (cart/cart-store.ts keeps the cart's last server answer: write it only that way).
 */
import { useEffect } from 'react';
import {
  type AddressLink,
  type Cart,
  type CartOrder,
  type SavedAddressInput,
} from '@cratebase/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/Toast';
import { ApiError, api, apiPath, withQuery } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { useCart } from '../cart/api';
import { cartPair, type CartPair } from '../cart/cart-store';
import { cartKeys, checkoutKeys } from '../../../lib/query-keys';

export const checkoutPath = (orgId: string) => `/storefront/${orgId}/checkout`;
export const billingPath = (orgId: string) => `/storefront/${orgId}/billing`;

// ─── The address form ────────────────────────────────────────────────────────────────
export interface AddressForm {
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export type AddressField = keyof AddressForm;
export type AddressErrors = Partial<Record<AddressField, string>>;

export const EMPTY_ADDRESS_FORM: AddressForm = {
  firstName: '',
  lastName: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
};

/**
 * Spec section 5: Save Address needs first name, last name, address, city and zip. The state is
 * needed too — the API refuses a US address without one — so Save waits for it as well.
 */
export const REQUIRED_ADDRESS_FIELDS: AddressField[] = ['firstName', 'lastName', 'line1', 'city', 'state', 'zip'];

export function canSaveAddress(form: AddressForm): boolean {
  return REQUIRED_ADDRESS_FIELDS.every((field) => form[field].trim() !== '');
}

/** Problems the browser can see before sending (the server checks everything again). */
export function validateAddressForm(form: AddressForm): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!form[field].trim()) errors[field] = 'Required';
  }
  if (!errors.zip && !/^\d{5}$/.test(form.zip)) errors.zip = 'Enter all 5 digits';
  return errors;
}

/** The server's field names (issue paths such as `address.postal_code`) → the form's. */
const SERVER_FIELDS: Record<string, AddressField> = {
  first_name: 'firstName',
  last_name: 'lastName',
  line1: 'line1',
  line2: 'line2',
  city: 'city',
  state: 'state',
  postal_code: 'zip',
};

/** The server's refusal, per field of the form ("Must be exactly 5 digits" under Zip). */
export function serverAddressErrors(error: unknown): AddressErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: AddressErrors = {};
  for (const issue of error.issues) {
    const field = SERVER_FIELDS[issue.path.split('.').pop() ?? ''];
    if (field && !errors[field]) errors[field] = issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return errors;
}

export function addressBody(buyerOrgId: string, form: AddressForm, isDefault: boolean): SavedAddressInput {
  return {
    organization: { id: buyerOrgId },
    address: {
      first_name: form.firstName.trim(),
      last_name: form.lastName.trim(),
      line1: form.line1.trim(),
      line2: form.line2.trim() || null,
      city: form.city.trim(),
      state: form.state,
      postal_code: form.zip,
      country: 'US',
    },
    is_default_shipping: isDefault,
    is_default_billing: false,
  };
}

// ─── Calls ───────────────────────────────────────────────────────────────────────────
/** The buyer organization of this store's cart for the signed-in user (null when there is none). */
export function useCartPair(sellerOrgId: string | undefined): CartPair | null {
  return cartPair(useCurrentUser().data, sellerOrgId);
}

/** GET /api/address/organization/{id}: the buyer organization's saved addresses. */
export function useSavedAddresses(buyerOrgId: string | undefined) {
  return useQuery({
    queryKey: checkoutKeys.savedAddresses(buyerOrgId ?? ''),
    queryFn: ({ signal }) => api.get<AddressLink[]>(apiPath`/api/address/organization/${buyerOrgId ?? ''}`, { signal }),
    enabled: Boolean(buyerOrgId),
  });
}

/** Reads the cart again (its order has changed on the server); resolves once the answer is in. */
function refreshCart(client: ReturnType<typeof useQueryClient>, pair: CartPair | null) {
  return pair ? client.invalidateQueries({ queryKey: cartKeys.pair(pair.sellerId, pair.buyerId) }) : Promise.resolve();
}

/** POST /api/address/organization: a new saved address; the list shows it at once. */
export function useSaveAddress(buyerOrgId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedAddressInput) => api.post<AddressLink>('/api/address/organization', body),
    onSuccess: async (saved) => {
      const key = checkoutKeys.savedAddresses(buyerOrgId ?? '');
      client.setQueryData<AddressLink[]>(key, (list) => [
        saved,
        ...(list ?? []).filter((link) => link.id !== saved.id),
      ]);
      await client.invalidateQueries({ queryKey: key });
    },
  });
}

/**
 * POST /api/order/{order_id}/shipping_address?address_id=: ships the order there. Choices are
 * sent one after another (one mutation scope per order), so the last one chosen is the one
 * that stays; the mutation ends once the cart has been read again.
 */
export function useSetShippingAddress(sellerOrgId: string | undefined, orderId: string | undefined) {
  const client = useQueryClient();
  const pair = useCartPair(sellerOrgId);
  return useMutation({
    scope: { id: `order-shipping-address:${orderId ?? ''}` },
    mutationFn: (addressId: string) =>
      api.post<CartOrder>(withQuery(apiPath`/api/order/${orderId ?? ''}/shipping_address`, { address_id: addressId })),
    onSettled: () => refreshCart(client, pair),
  });
}

// ─── The guard of step 2 ─────────────────────────────────────────────────────────────
export const EMPTY_CART_AT_BILLING = 'Your cart is empty. Add products to your cart before checking out.';
export const NO_ADDRESS_AT_BILLING = 'Choose where your order ships before picking a shipping option.';

/** Why the cart may not be at step 2 (Shipping & Payment) yet, or null when it may. */
export function billingBlockedReason(cart: Cart): string | null {
  if (cart.line_items.length === 0) return EMPTY_CART_AT_BILLING;
  if (!cart.can_checkout) return cart.checkout_issues[0]?.message ?? EMPTY_CART_AT_BILLING;
  if (!cart.order.shipping_address) return NO_ADDRESS_AT_BILLING;
  return null;
}

/**
 * /storefront/{org_id}/billing opened directly (spec: without an address, or with an empty cart):
 * back to step 1 with a toast saying why. Answers whether the page may show.
 */
export function useBillingGuard(orgId: string): { ready: boolean; cart: ReturnType<typeof useCart> } {
  const cart = useCart(orgId);
  const navigate = useNavigate();
  const toast = useToast();
  const reason = cart.data ? billingBlockedReason(cart.data) : null;
  useEffect(() => {
    if (!reason) return;
    toast.show(reason, { severity: 'info' });
    void navigate(checkoutPath(orgId), { replace: true });
  }, [reason, orgId, navigate, toast]);
  return { ready: Boolean(cart.data) && !reason, cart };
}
