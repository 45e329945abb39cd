import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResaleCertificate } from '@cratebase/contract';
import { configureApi } from '../../../../lib/api';
import { fakeFetch } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { stubXhr } from '../../../../test/xhr';
import { certificateFormProblems, ResaleCertificateForm } from './ResaleCertificateForm';

const orgId = '00000000-0000-4000-8000-00000000000b';
const today = '2026-11-27';
const pdf = (name = 'certificate.pdf', size = 20) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

afterEach(() => {
  configureApi({ getAccessToken: async () => null, onUnauthorized: () => undefined });
  vi.unstubAllGlobals();
});

describe('certificateFormProblems', () => {
  const facts = { state: 'CA', number: 'SR-FH 100-1', expires_on: '2027-06-30' };
  it('passes a complete certificate', () => {
    expect(certificateFormProblems(facts, pdf(), today)).toEqual({});
    expect(certificateFormProblems(facts, new File(['x'], 'scan.JPG', { type: '' }), today)).toEqual({});
  });
  it('names every field that is missing or wrong', () => {
    expect(certificateFormProblems({ state: '', number: ' ', expires_on: '' }, null, today)).toEqual({
      state: 'Choose the state that issued it',
      number: 'Enter the certificate number',
      expires_on: 'Enter the day it expires',
      file: 'Choose the certificate file',
    });
    expect(certificateFormProblems({ ...facts, number: 'SR<1>', expires_on: today }, new File(['x'], 'notes.txt', { type: 'text/plain' }), today)).toEqual({
      number: 'Use letters, digits, spaces, dots, dashes and slashes only',
      expires_on: 'This certificate has expired: upload a current one',
      file: 'The certificate must be a PDF, JPEG, PNG or WebP file.',
    });
    expect(certificateFormProblems(facts, pdf('big.pdf', 10 * 1024 * 1024 + 1), today).file).toBe('The file is larger than 10 MB');
  });
});

describe('ResaleCertificateForm', () => {
  it('uploads the file, puts the certificate on file, and shows a field the server refused under it', async () => {
    configureApi({ getAccessToken: async () => 'tok' });
    const uploaded = { id: '00000000-0000-4000-8000-0000000000f1', name: 'certificate.pdf', content_type: 'application/pdf' as const, byte_size: 20 };
    const sent = stubXhr({ [`POST /api/organization/${orgId}/resale_certificate/files`]: { status: 200, body: uploaded } });
    const saved: ResaleCertificate = {
      id: '00000000-0000-4000-8000-0000000000c1',
      organization_id: orgId,
      state: 'CA',
      state_name: 'California',
      number: 'SR-1',
      expires_on: '2030-06-30',
      status: 'valid',
      file: uploaded,
      uploaded_at: '2026-11-27T10:00:00.000Z',
      uploaded_by: 'Ann',
    };
    const refused = {
      status: 400,
      body: { error: 'validation_error', message: 'number: use letters', issues: [{ path: 'number', message: 'is already used by another retailer' }] },
    };
    let answer: { status: number; body: unknown } = refused;
    const fetch = fakeFetch({
      [`PUT /api/organization/${orgId}/resale_certificate`]: async () =>
        new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }),
    });
    vi.stubGlobal('fetch', fetch.fn);
    const onSaved = vi.fn();
    renderWithProviders(<ResaleCertificateForm orgId={orgId} current={null} onSaved={onSaved} />);
    const user = userEvent.setup();

    // Nothing is sent while a field is missing; each says what it needs.
    await user.click(screen.getByRole('button', { name: 'Save certificate' }));
    expect(screen.getByText('Choose the certificate file')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText(/^State/), 'CA');
    await user.type(screen.getByLabelText(/^Certificate number/), 'SR-1');
    await user.type(screen.getByLabelText(/^Expires on/), '2030-06-30');
    await user.upload(screen.getByLabelText('Certificate file'), pdf());
    expect(screen.getByText(/certificate\.pdf · 1 KB/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save certificate' }));
    expect(await screen.findByText('Is already used by another retailer')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok');
    expect(fetch.calls.at(-1)?.body).toEqual({ state: 'CA', number: 'SR-1', expires_on: '2030-06-30', file_id: uploaded.id });

    answer = { status: 200, body: saved };
    await user.click(screen.getByRole('button', { name: 'Save certificate' }));
    await waitFor(() => expect(onSaved.mock.calls[0]?.[0]).toEqual(saved));
  });
});
