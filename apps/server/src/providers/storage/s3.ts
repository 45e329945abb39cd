/**
 * Any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2...) through
 * @aws-sdk/client-s3. Objects are written with their content type and an immutable
 * Cache-Control; the bucket (or the CDN in front of it, S3_PUBLIC_URL) serves them. The SDK is
 * loaded when an S3 storage is made (lib/load-package.ts): local storage never loads it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { requirePackage } from '../../lib/load-package.js';
import { assertSafeKey, IMMUTABLE_CACHE_CONTROL, type MediaStorage } from './interface.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  publicUrl: string | undefined;
}

/** Base URL of the bucket's objects: S3_PUBLIC_URL, else derived from the endpoint or AWS. */
export function s3PublicBase(o: S3StorageOptions): string {
  if (o.publicUrl) return o.publicUrl.replace(/\/+$/, '');
  if (o.endpoint) {
    const u = new URL(o.endpoint);
    const base = `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
    return o.forcePathStyle
      ? `${base}/${o.bucket}`
      : `${u.protocol}//${o.bucket}.${u.host}${u.pathname.replace(/\/+$/, '')}`;
  }
  return `https://${o.bucket}.s3.${o.region}.amazonaws.com`;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdk: S3Sdk | undefined;
const s3Sdk = (): S3Sdk => (sdk ??= requirePackage('@aws-sdk/client-s3') as S3Sdk);

export function createS3Storage(o: S3StorageOptions): MediaStorage & { client: S3Client } {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = s3Sdk();
  const client = new S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle,
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
    // S3-compatible stores do not all understand the SDK's default integrity checksums.
    ...(o.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
    maxAttempts: 3,
  });
  const base = s3PublicBase(o);
  return {
    driver: 's3',
    client,
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${base}/${key}`;
    },
    locator(key) {
      return this.publicUrl(key);
    },
  };
}
