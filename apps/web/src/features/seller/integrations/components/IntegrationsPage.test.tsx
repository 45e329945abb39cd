import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type {
  ApiKey,
  CreatedApiKey,
  TeamRole,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpoint,
} from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { NAME_REQUIRED, SCOPES_REQUIRED, TOKEN_SHOWN_ONCE } from './CreateApiKeyDialog';
import { API_KEYS_EMPTY_TITLE } from './ApiKeysSection';
import { EVENTS_REQUIRED, URL_REQUIRED } from './WebhookEndpointDialog';
import { RANGE_ORDER_ERROR } from '../../../../lib/day-range';
import { lastMonth } from '../format';
import { IntegrationsPage, STAFF_INTEGRATIONS_MESSAGE } from './IntegrationsPage';

const keysPath = `/api/organization/${ids.merchantA}/api_keys`;
const webhooksPath = `/api/organization/${ids.merchantA}/webhooks`;

const shopKey: ApiKey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Shopify sync',
  scopes: ['orders:read', 'inventory:write'],
  masked: 'cb_live_…9f3a',
  created_at: '2026-11-01T10:00:00Z',
  created_by: { name: 'Sam Seller', email: 'sam@example.com' },
  last_used_at: null,
  revoked_at: null,
};

function world(role: TeamRole, routes: Parameters<typeof fakeFetch>[0] = {}) {
  const user = makeUser({ organizations: [{ ...org(ids.merchantA, 'Acme Jams', 'Merchant'), role }] });
  const fetch = fakeFetch({ 'GET /api/user/me': { body: user }, ...routes });
  vi.stubGlobal('fetch', fetch.fn);
  return fetch;
}

/**
 * world() plus answers that read the query string (fakeFetch matches method and path only):
 * `answer` sees each request first; the URLs it answered are kept in `asked`.
 */
function worldAnswering(
  role: TeamRole,
  routes: Parameters<typeof fakeFetch>[0],
  answer: (url: URL, method: string) => Response | undefined,
) {
  const fetch = world(role, routes);
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const response = answer(url, (init.method ?? 'GET').toUpperCase());
    if (!response) return fetch.fn(input, init);
    asked.push(url);
    return response;
  });
  return { fetch, asked };
}

function renderPage(search = '') {
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/integrations" element={<IntegrationsPage />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/integrations${search}` },
  );
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

describe('IntegrationsPage: API keys', () => {
  it('tells staff who can manage integrations, and asks the server for nothing of them', async () => {
    const fetch = world('staff');
    renderPage();
    expect(await screen.findByText(STAFF_INTEGRATIONS_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(fetch.calls.filter((c) => c.path !== '/api/user/me')).toEqual([]);
  });

  it('shows an admin with no keys what keys are for, with a link to the API docs', async () => {
    world('admin', { [`GET ${keysPath}`]: { body: { api_keys: [] } } });
    renderPage();
    expect(await screen.findByText(API_KEYS_EMPTY_TITLE)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'API keys', selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeTruthy();
  });

  it('lists keys with their scopes, masked key, creator, last use and status', async () => {
    world('owner', {
      [`GET ${keysPath}`]: {
        body: {
          api_keys: [
            shopKey,
            {
              ...shopKey,
              id: '22222222-2222-4222-8222-222222222222',
              name: 'Old ERP',
              revoked_at: '2026-11-02T10:00:00Z',
              last_used_at: '2026-11-02T09:00:00Z',
            },
          ],
        },
      },
    });
    renderPage();
    const row = (await screen.findByText('Shopify sync')).closest('tr') as HTMLElement;
    expect(within(row).getByText('cb_live_…9f3a')).toBeTruthy();
    const scopes = within(row).getByRole('list', { name: 'Scopes of Shopify sync' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Read orders', 'Change inventory']);
    expect(within(row).getByText('by Sam Seller')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const revoked = screen.getByText('Old ERP').closest('tr') as HTMLElement;
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('names what is missing before creating a key, and sends nothing', async () => {
    const fetch = world('owner', { [`GET ${keysPath}`]: { body: { api_keys: [] } } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText(NAME_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(SCOPES_REQUIRED)).toBeTruthy();
    // A name alone is not enough: the scopes' error stays.
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Warehouse');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).queryByText(NAME_REQUIRED)).toBeNull();
    expect(within(dialog).getByText(SCOPES_REQUIRED)).toBeTruthy();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal of a field under that field', async () => {
    world('owner', {
      [`GET ${keysPath}`]: { body: { api_keys: [] } },
      [`POST ${keysPath}`]: {
        status: 400,
        body: {
          error: 'validation_failed',
          message: 'name: must be at most 80 characters',
          issues: [{ path: 'name', message: 'must be at most 80 characters' }],
        },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, 'Warehouse');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Read orders/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Must be at most 80 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a key with its scopes and shows the token once, with Copy', async () => {
    const created: CreatedApiKey = {
      ...shopKey,
      name: 'Warehouse',
      scopes: ['orders:read', 'fulfillment:write'],
      token: 'cb_live_s3cr3tTokenValue0123456789',
    };
    let keys: ApiKey[] = [];
    const fetch = world('owner', {
      [`GET ${keysPath}`]: async () => json({ api_keys: keys }),
      [`POST ${keysPath}`]: async () => {
        const { token: _token, ...listed } = created;
        keys = [listed];
        return json(created);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Warehouse ');
    // Ticked in the other order: the body lists them in the contract's order.
    await user.click(within(dialog).getByRole('checkbox', { name: /^Fulfil orders/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Read orders/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const tokenDialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(tokenDialog).getByText(TOKEN_SHOWN_ONCE)).toBeTruthy();
    expect(within(tokenDialog).getByLabelText('API key').textContent).toBe(created.token);
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Warehouse',
      scopes: ['orders:read', 'fulfillment:write'],
    });
    await user.click(within(tokenDialog).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(created.token);
    expect(await within(tokenDialog).findByRole('status')).toHaveProperty('textContent', 'API key copied');

    await user.click(within(tokenDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list has the key, never its token.
    expect((await screen.findByText('Warehouse')).closest('tr')).toBeTruthy();
    expect(screen.queryByText(created.token)).toBeNull();
  });

  it('revokes a key after confirming, and says so', async () => {
    let keys: ApiKey[] = [shopKey];
    const fetch = world('admin', {
      [`GET ${keysPath}`]: async () => json({ api_keys: keys }),
      [`DELETE ${keysPath}/${shopKey.id}`]: async () => {
        keys = [{ ...shopKey, revoked_at: '2026-11-27T10:00:00Z' }];
        return json(keys[0]);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke Shopify sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Shopify sync?' });
    expect(within(confirm).getByText(/cb_live_…9f3a/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Shopify sync revoked: it no longer works')).toBeTruthy();
    expect(fetch.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${keysPath}/${shopKey.id}`]);
    const row = screen.getByText('Shopify sync').closest('tr') as HTMLElement;
    expect(await within(row).findByText('Revoked')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Revoke Shopify sync' })).toBeNull();
  });
});

const endpoint: WebhookEndpoint = {
  id: '55555555-5555-4555-8555-555555555555',
  url: 'https://erp.example.com/hooks',
  description: 'ERP order import',
  events: ['order.placed', 'order.shipped'],
  enabled: true,
  created_at: '2026-11-01T10:00:00Z',
  previous_secret_expires_at: null,
};

function delivery(n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
    endpoint_id: endpoint.id,
    event_id: `77777777-7777-4777-8777-${String(n).padStart(12, '0')}`,
    event_type: 'order.placed',
    status: 'succeeded',
    attempts: 1,
    last_status_code: 200,
    last_duration_ms: 40 + n,
    last_error: null,
    created_at: `2026-11-27T10:${String(59 - n).padStart(2, '0')}:00Z`,
    next_attempt_at: null,
    delivered_at: '2026-11-27T11:00:00Z',
    ...overrides,
  };
}

describe('IntegrationsPage: webhook delivery log', () => {
  const endpointPath = `${webhooksPath}/${endpoint.id}`;
  const failed = delivery(1, {
    event_type: 'order.shipped',
    status: 'failed',
    attempts: 3,
    last_status_code: 500,
    last_error: 'HTTP 500',
  });

  function webhooksWorld(extra: Parameters<typeof fakeFetch>[0] = {}) {
    const pageOne = [failed, delivery(2)];
    const pageTwo = [delivery(3, { event_type: 'webhook.test' })];
    // The log answers by cursor: the first page names the next in x-next-cursor.
    const { fetch, asked } = worldAnswering(
      'owner',
      { [`GET ${webhooksPath}`]: { body: [endpoint] }, [`GET ${endpointPath}`]: { body: endpoint }, ...extra },
      (url, method) => {
        if (method !== 'GET' || url.pathname !== `${endpointPath}/deliveries`) return undefined;
        return url.searchParams.get('cursor') === 'page-2'
          ? json(pageTwo)
          : json(pageOne, { 'x-next-cursor': 'page-2' });
      },
    );
    return { fetch, deliveryCalls: asked };
  }

  it('opens an endpoint from the list and pages its deliveries with Load more', async () => {
    const { deliveryCalls } = webhooksWorld();
    const user = userEvent.setup();
    renderPage('?tab=webhooks');
    const row = (await screen.findByText('https://erp.example.com/hooks')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2 events')).toBeTruthy();
    expect(within(row).getByText('Enabled')).toBeTruthy();
    await user.click(row);

    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const shipped = (await within(log).findByText('order.shipped')).closest('tr') as HTMLElement;
    expect(within(shipped).getByText('Failed')).toBeTruthy();
    expect(within(shipped).getByText('500')).toBeTruthy();
    const placed = within(log).getByText('order.placed').closest('tr') as HTMLElement;
    expect(within(placed).getByText('Succeeded')).toBeTruthy();
    expect(within(placed).getByText('200')).toBeTruthy();
    expect(within(placed).getByText('42 ms')).toBeTruthy();
    expect(within(log).queryByText('webhook.test')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(log).findByText('webhook.test')).toBeTruthy();
    expect(within(log).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(deliveryCalls.map((url) => url.search)).toEqual(['?limit=25', '?limit=25&cursor=page-2']);

    // Narrowed to the failed ones: the server is asked for them.
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(deliveryCalls.at(-1)?.search).toBe('?limit=25&status=failed'));
  });

  it('shows a delivery’s attempts and redelivers it', async () => {
    const detail: WebhookDeliveryDetail = {
      ...failed,
      payload: { id: failed.event_id, type: 'order.shipped', data: { number: '1042' } },
      attempts_log: [
        {
          attempted_at: '2026-11-27T10:58:00Z',
          status_code: null,
          duration_ms: 10000,
          error: 'The receiver did not answer within 10 s',
          response_excerpt: null,
        },
        {
          attempted_at: '2026-11-27T10:59:00Z',
          status_code: 500,
          duration_ms: 35,
          error: null,
          response_excerpt: 'upstream exploded',
        },
      ],
    };
    const deliveryPath = `${webhooksPath}/deliveries/${failed.id}`;
    const { fetch } = webhooksWorld({
      [`GET ${deliveryPath}`]: { body: detail },
      [`POST ${deliveryPath}/redeliver`]: { body: delivery(9, { status: 'pending', attempts: 0 }) },
    });
    const user = userEvent.setup();
    renderPage(`?tab=webhooks&endpoint=${endpoint.id}`);
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    await user.click(await within(log).findByText('order.shipped'));

    const dialog = await screen.findByRole('dialog', { name: 'Delivery of order.shipped' });
    const attempts = await within(dialog).findByRole('list', { name: 'Attempts' });
    const items = within(attempts).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('The receiver did not answer within 10 s')).toBeTruthy();
    expect(within(items[0]!).getByText(/^No answer/)).toBeTruthy();
    expect(within(items[1]!).getByText(/^HTTP 500/)).toBeTruthy();
    expect(within(items[1]!).getByText('upstream exploded')).toBeTruthy();
    expect(within(dialog).getByLabelText('Event payload').textContent).toContain('"number": "1042"');

    await user.click(within(dialog).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Redelivery queued: it shows at the top of the deliveries.')).toBeTruthy();
    expect(fetch.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${deliveryPath}/redeliver`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a test event and reads the log again', async () => {
    const { fetch, deliveryCalls } = webhooksWorld({
      [`POST ${endpointPath}/test`]: {
        body: delivery(8, { event_type: 'webhook.test', status: 'pending', attempts: 0 }),
      },
    });
    const user = userEvent.setup();
    renderPage(`?tab=webhooks&endpoint=${endpoint.id}`);
    await screen.findByRole('table', { name: 'Deliveries' });
    await waitFor(() => expect(deliveryCalls).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event queued: it shows in the deliveries below.')).toBeTruthy();
    expect(fetch.calls.some((c) => c.method === 'POST' && c.path === `${endpointPath}/test`)).toBe(true);
    await waitFor(() => expect(deliveryCalls.length).toBeGreaterThan(1));
  });
});

describe('IntegrationsPage: webhook endpoints', () => {
  const endpointPath = `${webhooksPath}/${endpoint.id}`;

  it('adds an endpoint with the events ticked by area, and shows the server’s refusal of its address under it', async () => {
    let attempt = 0;
    const fetch = world('admin', {
      [`GET ${webhooksPath}`]: { body: [] },
      [`POST ${webhooksPath}`]: async () => {
        attempt += 1;
        if (attempt === 1) {
          return new Response(
            JSON.stringify({
              error: 'validation_failed',
              message: 'url: must start with https://',
              issues: [{ path: 'url', message: 'must start with https://' }],
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          );
        }
        return json({ ...endpoint, secret: 'whsec_fresh' });
      },
      [`GET ${endpointPath}`]: { body: endpoint },
      [`GET ${endpointPath}/deliveries`]: { body: [] },
    });
    const user = userEvent.setup();
    renderPage('?tab=webhooks');
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText(URL_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(EVENTS_REQUIRED)).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'http://erp.example.com/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Every orders event' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Orders? refunded/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Inventory changed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Must start with https://')).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'http://erp.example.com/hooks',
      description: '',
      events: ['order.placed', 'order.cancelled', 'order.shipped', 'inventory.changed'],
      enabled: true,
    });

    const url = within(dialog).getByRole('textbox', { name: /Endpoint URL/ });
    await user.clear(url);
    await user.type(url, 'https://erp.example.com/hooks');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    // The new endpoint opens, and its secret (from the create answer) shows without another call.
    expect(await screen.findByRole('heading', { name: 'https://erp.example.com/hooks' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect((await screen.findByLabelText('Secret value')).textContent).toBe('whsec_fresh');
    expect(fetch.calls.some((c) => c.path.endsWith('/secret'))).toBe(false);
  });

  it('rotates the secret after confirming: the new one shows, and until when the old one still signs', async () => {
    const expires = '2026-11-28T12:00:00Z';
    const fetch = world('owner', {
      [`GET ${endpointPath}`]: { body: endpoint },
      [`GET ${endpointPath}/deliveries`]: { body: [] },
      [`GET ${endpointPath}/secret`]: {
        body: { secret: 'whsec_old', previous_secret: null, previous_secret_expires_at: null },
      },
      [`POST ${endpointPath}/rotate_secret`]: {
        body: { secret: 'whsec_new', previous_secret: 'whsec_old', previous_secret_expires_at: expires },
      },
    });
    const user = userEvent.setup();
    renderPage(`?tab=webhooks&endpoint=${endpoint.id}`);
    expect(await screen.findByLabelText('Secret value (hidden)')).toBeTruthy();
    expect(fetch.calls.some((c) => c.path.endsWith('/secret'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect((await screen.findByLabelText('Secret value')).textContent).toBe('whsec_old');

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(within(confirm).getByText(/For the next 24 hours/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('Secret rotated. The old one keeps working for 24 hours.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Secret value').textContent).toBe('whsec_new'));
    expect(screen.getByText(/The previous secret also signs deliveries until/)).toBeTruthy();
  });
});

describe('IntegrationsPage: exports', () => {
  const exportsPath = `/api/organization/${ids.merchantA}/exports/`;
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('downloads last month’s invoices for QuickBooks Online, and says what the server refused', async () => {
    const { asked } = worldAnswering('owner', {}, (url) => {
      if (!url.pathname.startsWith(exportsPath)) return undefined;
      if (url.pathname.endsWith('/orders.csv')) {
        const issues = [{ path: 'to', message: 'must be on or after from' }];
        return new Response(
          JSON.stringify({ error: 'validation_failed', message: 'to: must be on or after from', issues }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return new Response('InvoiceNo,Customer\r\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="cratebase-invoices-x-quickbooks.csv"',
        },
      });
    });
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderPage('?tab=exports');
    const { from, to } = lastMonth();
    expect((await screen.findByLabelText('From')).getAttribute('value')).toBe(from);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('cratebase-invoices-x-quickbooks.csv downloaded')).toBeTruthy();
    expect(asked[0]!.pathname).toBe(`/api/organization/${ids.merchantA}/exports/invoices.csv`);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ format: 'quickbooks', from, to });

    // Orders come in Cratebase's layout only: the format follows the kind.
    await user.click(screen.getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByRole('option', { name: 'Orders' }));
    expect(screen.getByRole('combobox', { name: 'Format' }).textContent).toBe('Cratebase (every field)');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Must be on or after from')).toBeTruthy();
    expect(Object.fromEntries(asked[1]!.searchParams)).toMatchObject({ format: 'cratebase' });
  });

  it('sends Xero’s account code when the seller gives one, and the server’s defaults otherwise', async () => {
    const { asked } = worldAnswering('owner', {}, (url) =>
      url.pathname.startsWith(exportsPath)
        ? new Response('*ContactName\r\n', { headers: { 'content-type': 'text/csv' } })
        : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/file');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderPage('?tab=exports');
    expect(await screen.findByRole('combobox', { name: 'Format' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Xero account code' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'Xero' }));
    await user.type(screen.getByRole('textbox', { name: 'Xero account code' }), ' 4000 ');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    const { from, to } = lastMonth();
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ format: 'xero', from, to, account_code: '4000' });
    // The file is named by the layout when the server names none.
    expect(await screen.findByText(`cratebase-invoices-${from}-${to}-xero.csv downloaded`)).toBeTruthy();
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    const fetch = world('owner');
    const user = userEvent.setup();
    renderPage('?tab=exports');
    const toField = await screen.findByLabelText('To');
    await user.clear(toField);
    await user.type(toField, '2020-01-01');
    expect(await screen.findByText(RANGE_ORDER_ERROR)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(fetch.calls.some((c) => c.path.includes('/exports/'))).toBe(false);
  });
});
