// Test support for the catalog tests (StorefrontPage, ProductPage, volume pricing):
// the storefront's read calls (organization, for-sale tiles, product) over fixtures, with the
// cart calls answered by the in-memory cart of cart-test-server.ts. Not imported by the app.
import {
  NEXT_CURSOR_HEADER,
  type CurrentUser,
  type Organization,
  type Product,
  type ProductTile,
} from '@cratebase/contract';
import { ids, makeUser, org, purchasing } from '../../../test/fixtures';
import { cartPathFor, fakeCartServer, type FakeCartServerOptions } from './cart-test-server';

export const productIds = {
  tea: '00000000-0000-4000-8000-0000000000b1',
  honey: '00000000-0000-4000-8000-0000000000b2',
  jam: '00000000-0000-4000-8000-0000000000b3',
};

/** A buyer of Seller X (ids.sellerX) acting for its organization ids.buyer. */
export function buyerOfSellerX(): CurrentUser {
  return makeUser({
    organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
    purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
  });
}

export function sellerOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: ids.sellerX,
    name: 'Seller X',
    slogan: 'Small-batch teas',
    selected_type: 'Merchant',
    address: null,
    order_terms: {
      new_customer_min: 0,
      returning_customer_min: 0,
      new_customer_min_cents: 0,
      returning_customer_min_cents: 0,
    },
    image_set: { id: null, organization_id: ids.sellerX, logo: null, splash_image: null },
    ...overrides,
  };
}

export function tile(id: string, name: string, overrides: Partial<ProductTile> = {}): ProductTile {
  return {
    id,
    name,
    options: [],
    variant_count: 1,
    price_range: { min: 1000, max: 1000 },
    order_unit: null,
    quantity_per_unit: null,
    unit_price_in_cents: 1000,
    msrp_in_cents: null,
    minimum_order_quantity: 1,
    order_increment: 1,
    price_breaks: [],
    track_inventory: false,
    inventory_count: null,
    image: null,
    ...overrides,
  };
}

export function product(id: string, name: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name,
    parent_product_id: null,
    variant_title: null,
    options: [],
    variants: [],
    price_range: null,
    description: null,
    order_unit: null,
    quantity_per_unit: null,
    state: { id: 2, state: 'Live' },
    unit_price_in_cents: 1250,
    msrp_in_cents: 2400,
    stock_keeping_unit: null,
    minimum_order_quantity: 1,
    order_increment: 1,
    price_breaks: [],
    universal_product_code: null,
    inventory_count: 0,
    track_inventory: false,
    organization: { id: ids.sellerX, name: 'Seller X' },
    tags: [],
    media: [],
    product_physical_measurements: {
      weight: null,
      weight_unit: null,
      length: null,
      width: null,
      height: null,
      dimension_unit: null,
    },
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

type Answer = { status?: number; body?: unknown; nextCursor?: string };

const json = ({ status = 200, body, nextCursor }: Answer) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : {}) },
  });

export interface StoreServerOptions {
  user?: CurrentUser;
  /** GET /api/organization/{id}: the seller's organization (default), or a refusal. */
  organization?: Answer;
  /** GET …/for-sale: the page for these query parameters (q, cursor, limit, view). */
  forSale?: (query: URLSearchParams) => Answer | Promise<Answer>;
  /** GET /api/product/{id}: by id; a missing id answers 404. */
  products?: Record<string, Answer>;
  /** The in-memory cart (cart-test-server.ts). */
  cart?: Omit<FakeCartServerOptions, 'user'>;
  /** Fields laid over every cart read (e.g. is_returning). */
  cartOverrides?: Record<string, unknown>;
}

/** A fetch double for the storefront pages; records every request with its query. */
export function storeServer(options: StoreServerOptions = {}) {
  const user = options.user ?? buyerOfSellerX();
  const cart = fakeCartServer({ user, ...options.cart });
  const requests: URL[] = [];
  const cartPath = cartPathFor(ids.sellerX, ids.buyer);

  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    requests.push(url);
    if (method === 'GET') {
      if (url.pathname === `/api/organization/${ids.sellerX}`) {
        return json(options.organization ?? { body: sellerOrganization() });
      }
      if (url.pathname === `/api/product/organization/${ids.sellerX}/for-sale`) {
        return json((await options.forSale?.(url.searchParams)) ?? { body: [] });
      }
      const productMatch = /^\/api\/product\/([^/]+)$/.exec(url.pathname);
      if (productMatch) {
        return json(
          options.products?.[productMatch[1]!] ?? {
            status: 404,
            body: { error: 'not_found', message: 'Product not found.' },
          },
        );
      }
      if (url.pathname === cartPath && options.cartOverrides) {
        const answer = await cart.fn(input, init);
        if (!answer.ok) return answer;
        return json({ body: { ...((await answer.json()) as object), ...options.cartOverrides } });
      }
    }
    return cart.fn(input, init);
  };

  return {
    fn,
    cart,
    /** The for-sale requests' query parameters, in order. */
    forSaleQueries: () =>
      requests.filter((url) => url.pathname.endsWith('/for-sale')).map((url) => Object.fromEntries(url.searchParams)),
  };
}
