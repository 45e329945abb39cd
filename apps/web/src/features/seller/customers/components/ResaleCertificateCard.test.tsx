import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerResaleCertificate } from '@cratebase/contract';
import { ToastProvider } from '../../../../components/Toast';
import { fakeFetch, ids, makeUser, org } from '../../../../test/fixtures';
import { renderWithProviders, testQueryClient } from '../../../../test/render';
import { userQueryKey } from '../../../../lib/query-keys';
import { REQUIRE_CERTIFICATE_LABEL, ResaleCertificateCard, STAFF_REQUIREMENT_MESSAGE } from './ResaleCertificateCard';

const sellerId = ids.merchantA;
const customerId = ids.buyer;
const certificatePath = `/api/order/organization/${sellerId}/purchasers/${customerId}/resale_certificate`;
const requirementPath = `/api/organization/${sellerId}/resale_certificate_requirement`;

const certificate: CustomerResaleCertificate['certificate'] = {
  id: '00000000-0000-4000-8000-0000000000c1',
  organization_id: customerId,
  state: 'NY',
  state_name: 'New York',
  number: '12-3456789',
  expires_on: '2026-12-10',
  status: 'expires_soon',
  file: { id: '00000000-0000-4000-8000-0000000000f9', name: 'cert.pdf', content_type: 'application/pdf', byte_size: 2048 },
  uploaded_at: '2026-01-05T10:00:00.000Z',
  uploaded_by: 'Ann Buyer',
};

function renderCard(role: 'owner' | 'staff', answer: CustomerResaleCertificate, required: boolean) {
  const user = makeUser({ organizations: [{ ...org(sellerId, 'Juniper', 'Merchant'), role }] });
  const fetch = fakeFetch({
    'GET /api/user/me': { body: user },
    [`GET ${certificatePath}`]: { body: answer },
    [`GET ${requirementPath}`]: { body: { required } },
    [`PUT ${requirementPath}`]: { body: { required: !required } },
  });
  vi.stubGlobal('fetch', fetch.fn);
  const client = testQueryClient();
  client.setQueryData(userQueryKey, user);
  renderWithProviders(
    <ToastProvider>
      <ResaleCertificateCard orgId={sellerId} customerId={customerId} name="Pia’s Pantry" />
    </ToastProvider>,
    { client },
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('ResaleCertificateCard', () => {
  it('shows the certificate with its status and lets an owner change the store’s requirement', async () => {
    const fetch = renderCard('owner', { certificate, has_ordered: true }, false);
    expect(await screen.findByText('12-3456789')).toBeTruthy();
    expect(screen.getByText('New York')).toBeTruthy();
    expect(screen.getByText('Expires soon')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View cert.pdf' })).toBeTruthy();
    const toggle = (await screen.findByLabelText(REQUIRE_CERTIFICATE_LABEL)) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'PUT' && c.path === requirementPath)).toBe(true));
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({ required: true });
    expect(await screen.findByText('New customers now need a valid resale certificate before their first order')).toBeTruthy();
  });

  it('tells Staff who may change it, and says a new customer without one cannot order yet', async () => {
    renderCard('staff', { certificate: null, has_ordered: false }, true);
    expect(await screen.findByText('Pia’s Pantry has no resale certificate on file.')).toBeTruthy();
    expect(await screen.findByText('Pia’s Pantry cannot place its first order until it uploads a valid certificate.')).toBeTruthy();
    const toggle = (await screen.findByLabelText(REQUIRE_CERTIFICATE_LABEL)) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText(new RegExp(STAFF_REQUIREMENT_MESSAGE))).toBeTruthy();
  });
});
