import type { CurrentUser, OnboardingStatus } from '@cratebase/contract';

export const ids = {
  user: '00000000-0000-4000-8000-000000000001',
  merchantA: '00000000-0000-4000-8000-00000000000a',
  merchantB: '00000000-0000-4000-8000-00000000000b',
  buyer: '00000000-0000-4000-8000-00000000000c',
  sellerX: '00000000-0000-4000-8000-0000000000f1',
  sellerY: '00000000-0000-4000-8000-0000000000f2',
};

type Org = CurrentUser['organizations'][number];
type Purchasing = CurrentUser['purchasing_organizations'][number];

export function org(id: string, name: string, selected_type: Org['selected_type']): Org {
  return { id, name, selected_type };
}

export function purchasing(
  id: string,
  name: string,
  selected_type: Org['selected_type'] = 'Merchant',
  purchasingOrganizationId: string = ids.buyer,
): Purchasing {
  return {
    purchasing_organization_id: purchasingOrganizationId,
    organization: {
      id,
      name,
      selected_type,
      slogan: null,
      image_set: { id: null, organization_id: id, logo: null, splash_image: null },
    },
  };
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: ids.user,
    email: 'sam@example.com',
    name: 'Sam Seller',
    picture: null,
    organizations: [],
    purchasing_organizations: [],
    ...overrides,
  };
}

export const noProgress: OnboardingStatus = {
  has_description: false,
  has_splash_image: false,
  has_payment_info: false,
  has_address: false,
  product_count: 0,
  has_wholesale_terms: false,
  has_customers: false,
};

export const allDone: OnboardingStatus = {
  has_description: true,
  has_splash_image: true,
  has_payment_info: true,
  has_address: true,
  product_count: 3,
  has_wholesale_terms: true,
  has_customers: true,
};

/** A seller's saved business address (the shipping-details tests). */
export const austinAddress = {
  line1: '1 Main St',
  line2: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
};

/** A seller's saved Default Package of merchantA, as GET /api/package_template/organization/:id lists it. */
export function defaultPackageTemplate(
  sides: { height: number; width: number; length: number },
  dimensionUnit: { id: number; unit: string },
) {
  return {
    id: 't',
    name: 'Default Package',
    ...sides,
    dimension_unit: dimensionUnit,
    organization_id: ids.merchantA,
    created_at: '',
    updated_at: '',
  };
}

/** A fetch double answering JSON by "METHOD path"; records every call. */
export function fakeFetch(routes: Record<string, { status?: number; body?: unknown } | (() => Promise<Response>)>) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Record<string, string> }> = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    calls.push({
      method,
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const route = routes[key];
    if (!route) {
      return new Response(JSON.stringify({ error: 'not_found', message: `No fake for ${key}` }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (typeof route === 'function') return route();
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fn, calls };
}
