import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fakeFetch, ids } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { stubXhr } from '../../../../test/xhr';
import { OnboardingPage } from './OnboardingPage';

const org = { id: ids.merchantA, name: 'Juniper & Vine', slogan: 'Old slogan', order_terms: {} };
const emptySet = { id: null, organization_id: ids.merchantA, logo: null, splash_image: null };

function renderPage(routes: Parameters<typeof fakeFetch>[0] = {}) {
  const fetch = fakeFetch({
    [`GET /api/organization/${ids.merchantA}`]: { body: org },
    [`GET /api/organization/${ids.merchantA}/image_set`]: { body: emptySet },
    ...routes,
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <Routes>
      <Route path="/app/:orgId/onboarding" element={<OnboardingPage />} />
      <Route path="/app/:orgId/welcome" element={<h1>Welcome checklist</h1>} />
    </Routes>,
    { path: `/app/${ids.merchantA}/onboarding` },
  );
  return fetch;
}

describe('OnboardingPage', () => {
  it('saves the slogan and goes to the welcome page', async () => {
    const fetch = renderPage({ [`PUT /api/organization/${ids.merchantA}`]: { body: { ...org, slogan: 'Pickles' } } });
    const user = userEvent.setup();
    const slogan = await screen.findByRole('textbox', { name: 'Slogan' });
    expect((slogan as HTMLTextAreaElement).value).toBe('Old slogan');
    await user.clear(slogan);
    await user.type(slogan, '  Pickles ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Welcome checklist' })).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({ slogan: 'Pickles' });
  });

  it('sets an uploaded logo on the image set right away', async () => {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 500, height: 500, close: () => undefined }));
    const media = {
      id: '00000000-0000-4000-8000-0000000000e1',
      organization_id: ids.merchantA,
      cloudinary_url: '/media/logo.png',
      width: 500,
      height: 500,
      content_type: 'image/png',
      byte_size: 4,
      variants: {},
    };
    stubXhr({ [`POST /api/media/${ids.merchantA}/upload`]: { status: 200, body: media } });
    const fetch = renderPage({
      'PUT /api/organization/image_set': {
        body: { ...emptySet, id: '00000000-0000-4000-8000-0000000000e2', logo: media },
      },
    });
    await screen.findByRole('button', { name: 'Upload logo' });
    await userEvent
      .setup()
      .upload(
        screen.getByLabelText('Upload brand logo'),
        new File([new Uint8Array([1])], 'logo.png', { type: 'image/png' }),
      );
    expect(await screen.findByRole('img', { name: 'Current brand logo' })).toBeTruthy();
    await waitFor(() =>
      expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        id: null,
        organization_id: ids.merchantA,
        logo: { id: media.id },
      }),
    );
  });
});
