/**
 * Resale certificates (issue 25 part 5): a retailer's certificate — state, number, expiry day and
 * the file — kept one current per organization (a new one replaces it; the replaced rows stay for
 * the record), read by the retailer's members and by the sellers it buys from; the file is private
 * (storage key under `private/`, served only through this module's routes).
 * docs/decisions/011-resale-certificates.md has the choices.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  RESALE_CERTIFICATE_FILE_MESSAGE,
  RESALE_CERTIFICATE_MAX_BYTES,
  US_STATE_NAMES,
  isoDay,
  resaleCertificateStatus,
  type CustomerResaleCertificate,
  type ResaleCertificate,
  type ResaleCertificateFile,
  type ResaleCertificateFileType,
  type SaveResaleCertificateBody,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import type { DbOrTx } from '../../db/client.js';
import { buysFrom } from '../../auth/access.js';
import { DomainError, notFound, unavailable } from '../../lib/errors.js';
import { tooLarge } from '../../lib/uploads.js';
import { PRIVATE_KEY_PREFIX } from '../../providers/storage/index.js';
import { checkPixelLimit, detectImageType, readDimensions } from '../media/image.js';
import { completedOrdersSql } from '../orders/sql.js';
import { userNameSql } from '../users/sql.js';
import { resaleCertificateFiles, resaleCertificates } from './schema.js';

export const FILE_HINT = 'Scan it at a lower resolution, or save it as a smaller PDF.';

const EXTENSION: Record<ResaleCertificateFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const fileRefused = (message: string, code = 'unsupported_file_type') =>
  new DomainError('invalid', code, `file: ${message}`, [{ path: 'file', message }]);

/** The file's type from its bytes: a PDF (`%PDF-`) or a JPEG, PNG or WebP image sharp can read. */
export async function certificateFileType(bytes: Buffer): Promise<ResaleCertificateFileType> {
  if (bytes.length === 0) throw fileRefused('is empty', 'validation_error');
  if (bytes.length > RESALE_CERTIFICATE_MAX_BYTES) throw tooLarge(RESALE_CERTIFICATE_MAX_BYTES, FILE_HINT);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const image = detectImageType(bytes);
  if (!image || image === 'image/gif') throw fileRefused(RESALE_CERTIFICATE_FILE_MESSAGE);
  checkPixelLimit(await readDimensions(bytes, image));
  return image;
}

/** A name safe to show and to offer as a download: the browser's name, cleaned, with our extension. */
export function cleanFileName(given: string, type: ResaleCertificateFileType): string {
  const base = given
    .replace(/^.*[\\/]/, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9 ._()-]+/g, '_')
    .trim()
    .slice(0, 80);
  return `${base || 'resale-certificate'}.${EXTENSION[type]}`;
}

/**
 * POST …/resale_certificate/files: checks and stores the file (not yet a certificate: the PUT
 * that names it makes it one). A file never named stays stored, like an unused photo.
 */
export async function uploadCertificateFile(
  ctx: AppContext,
  organizationId: string,
  userId: string,
  upload: { bytes: Buffer; filename: string },
  log?: { error: (obj: object, msg: string) => void },
): Promise<ResaleCertificateFile> {
  const type = await certificateFileType(upload.bytes);
  const id = randomUUID();
  const key = `${PRIVATE_KEY_PREFIX}resale-certificates/${organizationId}/${id}.${EXTENSION[type]}`;
  try {
    await ctx.providers.storage.put(key, upload.bytes, type);
  } catch (err) {
    log?.error({ err }, 'resale certificate storage failed');
    throw unavailable('The file could not be stored right now. Please try again in a moment.');
  }
  const fileName = cleanFileName(upload.filename, type);
  await ctx.db.insert(resaleCertificateFiles).values({
    id,
    organizationId,
    storageKey: key,
    contentType: type,
    byteSize: upload.bytes.length,
    fileName,
    uploadedByUserId: userId,
  });
  return { id, name: fileName, content_type: type, byte_size: upload.bytes.length };
}

type CertificateRow = {
  id: string;
  organization_id: string;
  state: string;
  number: string;
  expires_on: string;
  created_at: Date | string;
  uploaded_by: string | null;
  file_id: string;
  file_name: string;
  content_type: ResaleCertificateFileType;
  byte_size: number;
  storage_key: string;
};

async function currentRow(db: DbOrTx, organizationId: string): Promise<CertificateRow | undefined> {
  const result = await db.execute<CertificateRow>(sql`
    select rc.id, rc.organization_id, rc.state, rc.number, rc.expires_on::text as expires_on, rc.created_at,
           ${userNameSql(sql`rc.uploaded_by_user_id`)} as uploaded_by,
           f.id as file_id, f.file_name, f.content_type, f.byte_size, f.storage_key
      from resale_certificates rc
      join resale_certificate_files f on f.id = rc.file_id
     where rc.organization_id = ${organizationId} and rc.replaced_at is null`);
  return result.rows[0];
}

function toCertificate(row: CertificateRow, today: string): ResaleCertificate {
  return {
    id: row.id,
    organization_id: row.organization_id,
    state: row.state,
    state_name: US_STATE_NAMES[row.state as keyof typeof US_STATE_NAMES] ?? row.state,
    number: row.number,
    expires_on: row.expires_on,
    status: resaleCertificateStatus(row.expires_on, today),
    file: { id: row.file_id, name: row.file_name, content_type: row.content_type, byte_size: Number(row.byte_size) },
    uploaded_at: new Date(row.created_at).toISOString(),
    uploaded_by: row.uploaded_by,
  };
}

/** The organization's current certificate, or null. */
export async function currentCertificate(
  db: DbOrTx,
  organizationId: string,
  now: Date = new Date(),
): Promise<ResaleCertificate | null> {
  const row = await currentRow(db, organizationId);
  return row ? toCertificate(row, isoDay(now)) : null;
}

/**
 * PUT …/resale_certificate: the organization's certificate is now this one (the current one, if
 * any, is marked replaced). One transaction under a per-organization lock, so two saves at once
 * end with one current certificate. The file must be one this organization uploaded.
 */
export async function saveCertificate(
  ctx: AppContext,
  organizationId: string,
  userId: string,
  body: SaveResaleCertificateBody,
): Promise<ResaleCertificate> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('resale_certificate'), hashtext(${organizationId}))`);
    const [file] = await tx
      .select({ id: resaleCertificateFiles.id })
      .from(resaleCertificateFiles)
      .where(and(eq(resaleCertificateFiles.id, body.file_id), eq(resaleCertificateFiles.organizationId, organizationId)));
    if (!file) {
      throw new DomainError('not_found', 'not_found', 'file_id: no file with this id was uploaded for this organization.', [
        { path: 'file_id', message: 'no file with this id was uploaded for this organization' },
      ]);
    }
    await tx
      .update(resaleCertificates)
      .set({ replacedAt: sql`now()` })
      .where(and(eq(resaleCertificates.organizationId, organizationId), isNull(resaleCertificates.replacedAt)));
    await tx.insert(resaleCertificates).values({
      organizationId,
      fileId: body.file_id,
      state: body.state,
      number: body.number,
      expiresOn: body.expires_on,
      uploadedByUserId: userId,
    });
  });
  return (await currentCertificate(ctx.db, organizationId))!;
}

/** GET …/purchasers/{id}/resale_certificate: 404 when the organization does not buy from the seller. */
export async function customerCertificate(
  ctx: AppContext,
  sellerId: string,
  purchaserId: string,
): Promise<CustomerResaleCertificate> {
  if (!(await buysFrom(ctx.db, purchaserId, sellerId))) throw notFound('Customer');
  const [certificate, ordered] = await Promise.all([
    currentCertificate(ctx.db, purchaserId),
    ctx.db.execute<{ ordered: boolean }>(
      sql`select exists (select 1 from ${completedOrdersSql(sellerId, purchaserId)} o) as ordered`,
    ),
  ]);
  return { certificate, has_ordered: ordered.rows[0]?.ordered ?? false };
}

/** The current certificate's file (bytes, type, name); 404 when none is on file or it is gone. */
export async function certificateFile(
  ctx: AppContext,
  organizationId: string,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const row = await currentRow(ctx.db, organizationId);
  if (!row) throw notFound('Resale certificate');
  const bytes = await ctx.providers.storage.get(row.storage_key);
  if (!bytes) throw notFound('Resale certificate file');
  return { bytes, contentType: row.content_type, fileName: row.file_name };
}

/** The seller's customer's file, after the same check as customerCertificate. */
export async function customerCertificateFile(ctx: AppContext, sellerId: string, purchaserId: string) {
  if (!(await buysFrom(ctx.db, purchaserId, sellerId))) throw notFound('Customer');
  return certificateFile(ctx, purchaserId);
}
