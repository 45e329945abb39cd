import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi } from '../lib/api';
import { stubXhr } from '../test/xhr';
import { checkImageFile, ImageUpload } from './ImageUpload';

const orgId = '00000000-0000-4000-8000-00000000000a';

/** Decoding in the browser: the stubbed bitmap has the size in the file's name ("400x300.png"). */
function stubImageDecoding() {
  vi.stubGlobal('createImageBitmap', async (file: File) => {
    const [, w, h] = /(\d+)x(\d+)/.exec(file.name) ?? [];
    return { width: Number(w), height: Number(h), close: () => undefined };
  });
}

afterEach(() => configureApi({ getAccessToken: async () => null, onUnauthorized: () => undefined }));

function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

describe('ImageUpload', () => {
  it('refuses a logo that is not square before uploading', async () => {
    stubImageDecoding();
    const sent = stubXhr({});
    const onUploaded = vi.fn();
    render(
      <ImageUpload
        orgId={orgId}
        purpose="logo"
        label="Upload brand logo"
        currentUrl={null}
        hint="Square"
        onUploaded={onUploaded}
      />,
    );
    await userEvent.setup().upload(screen.getByLabelText('Upload brand logo'), png('logo-400x300.png'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The logo must be square: “logo-400x300.png” is 400×300 px.',
    );
    expect(sent).toHaveLength(0);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('uploads a square logo with the token and progress, then stores it', async () => {
    stubImageDecoding();
    configureApi({ getAccessToken: async () => 'tok' });
    const media = {
      id: 'm1',
      organization_id: orgId,
      cloudinary_url: '/media/m1.png',
      width: 400,
      height: 400,
      content_type: 'image/png',
      byte_size: 4,
      variants: {},
    };
    const sent = stubXhr({ [`POST /api/media/${orgId}/upload`]: { status: 200, body: media } });
    const onUploaded = vi.fn(async () => undefined);
    render(
      <ImageUpload
        orgId={orgId}
        purpose="logo"
        label="Upload brand logo"
        currentUrl={null}
        hint="Square"
        onUploaded={onUploaded}
      />,
    );
    await userEvent.setup().upload(screen.getByLabelText('Upload brand logo'), png('logo-400x400.png'));
    expect(await screen.findByText('Uploading… 50%')).toBeTruthy();
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(media));
    expect(sent[0]!.url).toBe(`/api/media/${orgId}/upload?purpose=logo`);
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok');
    expect((sent[0]!.body.get('file') as File).name).toBe('logo-400x400.png');
  });

  it("shows the server's message when it refuses the file", async () => {
    stubImageDecoding();
    stubXhr({
      [`POST /api/media/${orgId}/upload`]: {
        status: 415,
        body: { error: 'unsupported_media_type', message: 'The file is not a PNG, GIF, JPEG or WebP image.' },
      },
    });
    render(
      <ImageUpload
        orgId={orgId}
        purpose="splash"
        label="Upload cover photo"
        currentUrl={null}
        hint="Wide"
        onUploaded={vi.fn()}
      />,
    );
    await userEvent.setup().upload(screen.getByLabelText('Upload cover photo'), png('cover-1800x600.png'));
    expect((await screen.findByRole('alert')).textContent).toContain('The file is not a PNG, GIF, JPEG or WebP image.');
  });

  it('checks type and shape', async () => {
    stubImageDecoding();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(await checkImageFile(text, 'product')).toMatchObject({ ok: false });
    expect(await checkImageFile(png('p-500x500.png'), 'product')).toMatchObject({ ok: true });
    expect(await checkImageFile(png('p-500x300.png'), 'product')).toMatchObject({ ok: false });
    // A tall cover is allowed, with a hint.
    expect(await checkImageFile(png('c-600x900.png'), 'splash')).toMatchObject({
      ok: true,
      note: expect.stringContaining('wide landscape'),
    });
  });
});
