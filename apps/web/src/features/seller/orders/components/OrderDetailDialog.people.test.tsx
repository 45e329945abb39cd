/** Issue 27: "Placed by" names the person, links their e-mail and phone, and is never "N/A". */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Order } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { configureApi } from '../../../../lib/api';
import { ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { OrderDetailDialog } from './OrderDetailDialog';
import { lifecycleOrder, serveOrder } from './order-test-fixtures';

function renderDialog(order: Order) {
  vi.stubGlobal('fetch', serveOrder(order, {}).fn);
  return renderWithProviders(
    <ToastProvider>
      <Routes>
        <Route path="/app/:orgId/orders" element={<OrderDetailDialog summary={order} open onClose={() => undefined} />} />
      </Routes>
    </ToastProvider>,
    { path: `/app/${ids.merchantA}/orders` },
  );
}

/** The text of the "Placed by" fact. */
async function placedBy() {
  const dialog = await screen.findByRole('dialog', { name: 'Order CB-000001' });
  const term = within(dialog).getByText('Placed by');
  return term.nextElementSibling as HTMLElement;
}

beforeEach(() => configureApi({ getAccessToken: async () => 'token', onUnauthorized: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('Placed by', () => {
  it('shows "Name · email · phone" with a mailto and a tel link', async () => {
    renderDialog(
      lifecycleOrder({ created_by_user: { name: 'Rita Retailer', email: 'rita@corner.shop', phone: '+1 802 555 0199' } }),
    );
    const fact = await placedBy();
    expect(fact.textContent).toBe('Rita Retailer · rita@corner.shop · +1 802 555 0199');
    expect(within(fact).getByRole('link', { name: 'E-mail Rita Retailer at rita@corner.shop' }).getAttribute('href')).toBe('mailto:rita@corner.shop');
    expect(within(fact).getByRole('link', { name: 'Call Rita Retailer at +1 802 555 0199' }).getAttribute('href')).toBe('tel:+18025550199');
  });

  it('leads with the e-mail when the person never gave a name (no "N/A")', async () => {
    renderDialog(lifecycleOrder({ created_by_user: { name: null, email: 'old@corner.shop', phone: null } }));
    const fact = await placedBy();
    expect(fact.textContent).toBe('old@corner.shop');
    expect(within(fact).getByRole('link').getAttribute('href')).toBe('mailto:old@corner.shop');
    expect(screen.queryByText('N/A')).toBeNull();
  });

  it('says the account was removed when nobody is left to name', async () => {
    renderDialog(lifecycleOrder({ created_by_user: null }));
    expect((await placedBy()).textContent).toBe('A removed account');
  });
});
