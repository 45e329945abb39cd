import { describe, expect, it } from 'vitest';
import { render, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ids, makeUser, org, purchasing } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { pageTitle, useOrganizationPageTitle, usePageTitle } from './use-page-title';
import { userQueryKey } from './query-keys';

describe('pageTitle', () => {
  it('joins the page, the organization and the product with a middle dot', () => {
    expect(pageTitle('Products', 'Juniper Soap Co')).toBe('Products · Juniper Soap Co · Cratebase');
    expect(pageTitle('Sign in')).toBe('Sign in · Cratebase');
  });

  it('leaves out parts that are not known yet', () => {
    expect(pageTitle('Orders', undefined)).toBe('Orders · Cratebase');
    expect(pageTitle(null, '  ', false)).toBe('Cratebase');
  });
});

describe('usePageTitle', () => {
  it('sets the tab title and follows a change of its parts', () => {
    const { rerender } = renderHook(({ page }: { page: string }) => usePageTitle(page, 'Alpha Foods'), {
      initialProps: { page: 'Orders' },
    });
    expect(document.title).toBe('Orders · Alpha Foods · Cratebase');
    rerender({ page: 'Customers' });
    expect(document.title).toBe('Customers · Alpha Foods · Cratebase');
  });
});

describe('useOrganizationPageTitle', () => {
  function Page() {
    useOrganizationPageTitle('Products');
    return null;
  }

  function renderAt(path: string, client = testQueryClient()) {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/app/:orgId/products" element={<Page />} />
            <Route path="/storefront/:orgId" element={<Page />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return client;
  }

  const user = makeUser({
    organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant')],
    purchasing_organizations: [purchasing(ids.sellerX, 'Juniper Soap Co')],
  });

  it("names the user's organization in the URL", () => {
    const client = testQueryClient();
    client.setQueryData(userQueryKey, user);
    renderAt(`/app/${ids.merchantA}/products`, client);
    expect(document.title).toBe('Products · Alpha Foods · Cratebase');
  });

  it('names a store the user buys from', () => {
    const client = testQueryClient();
    client.setQueryData(userQueryKey, user);
    renderAt(`/storefront/${ids.sellerX}`, client);
    expect(document.title).toBe('Products · Juniper Soap Co · Cratebase');
  });

  it('adds the name once the shell has loaded the user, without loading it itself', async () => {
    const client = renderAt(`/app/${ids.merchantA}/products`);
    expect(document.title).toBe('Products · Cratebase');
    client.setQueryData(userQueryKey, user);
    await waitFor(() => expect(document.title).toBe('Products · Alpha Foods · Cratebase'));
  });
});
