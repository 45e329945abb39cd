/** Helpers for API tests that upload files: multipart bodies and images made by sharp. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface FilePart {
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body (for app.inject) with the given file parts and text fields. */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----cratebase${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${f.filename ?? 'upload.bin'}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A solid-colour image of the given size and format. */
export function makeImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png',
  colour = '#7c6cf2',
) {
  const img = sharp({ create: { width, height, channels: 3, background: colour } });
  return img[format]().toBuffer();
}
