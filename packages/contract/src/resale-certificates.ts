/**
 * Resale certificates (issue 25 part 5): the retailer's certificate, its file, and the seller's
 * requirement of a valid one before a customer's first order. Rules in resale-certificate-rules.ts.
 */
import { z } from 'zod';
import { US_STATES } from './address-rules.js';
import { isoDay } from './invoice-rules.js';
import {
  RESALE_CERTIFICATE_FILE_TYPES,
  RESALE_CERTIFICATE_MAX_YEARS,
  RESALE_CERTIFICATE_NUMBER_MAX,
  RESALE_CERTIFICATE_NUMBER_MESSAGE,
  RESALE_CERTIFICATE_NUMBER_PATTERN,
} from './resale-certificate-rules.js';
import { Uuid, anyCasePattern } from './common.js';

/** The uploaded file as the API describes it (its bytes come from the file routes). */
export const ResaleCertificateFile = z.object({
  id: Uuid,
  name: z.string(),
  content_type: z.enum(RESALE_CERTIFICATE_FILE_TYPES),
  byte_size: z.number().int(),
});
export type ResaleCertificateFile = z.infer<typeof ResaleCertificateFile>;

export const ResaleCertificate = z.object({
  id: Uuid,
  organization_id: Uuid,
  /** Two-letter US state code, and its name. */
  state: z.string(),
  state_name: z.string(),
  number: z.string(),
  /** The last day it is valid (YYYY-MM-DD). */
  expires_on: z.string(),
  /** Today (UTC): valid, expires_soon (within 30 days), expired. */
  status: z.enum(['valid', 'expires_soon', 'expired']),
  file: ResaleCertificateFile,
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
});
export type ResaleCertificate = z.infer<typeof ResaleCertificate>;

/** GET …/resale_certificate: the current certificate, or null when none is on file. */
export const ResaleCertificateAnswer = z.object({ certificate: ResaleCertificate.nullable() });
export type ResaleCertificateAnswer = z.infer<typeof ResaleCertificateAnswer>;

const ExpiryDay = z.iso
  .date({ message: 'must be a day as YYYY-MM-DD' })
  .refine((day) => day > isoDay(new Date()), 'must be a day after today (this certificate has expired)')
  .refine((day) => {
    const latest = new Date();
    latest.setUTCFullYear(latest.getUTCFullYear() + RESALE_CERTIFICATE_MAX_YEARS);
    return day <= isoDay(latest);
  }, `must be within ${RESALE_CERTIFICATE_MAX_YEARS} years`);

/** PUT …/resale_certificate: the certificate's facts and the file uploaded for it. */
export const SaveResaleCertificateBody = z.strictObject({
  state: z
    .string({ message: 'is required' })
    .trim()
    .toUpperCase()
    .refine((s) => (US_STATES as readonly string[]).includes(s), 'must be a two-letter US state code such as CA')
    .meta({ pattern: anyCasePattern(US_STATES), description: 'A two-letter US state code such as CA (any case)' }),
  number: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(RESALE_CERTIFICATE_NUMBER_MAX, `must be at most ${RESALE_CERTIFICATE_NUMBER_MAX} characters`)
    .regex(RESALE_CERTIFICATE_NUMBER_PATTERN, RESALE_CERTIFICATE_NUMBER_MESSAGE),
  expires_on: ExpiryDay,
  file_id: Uuid,
});
export type SaveResaleCertificateBody = z.infer<typeof SaveResaleCertificateBody>;

/** A seller's customer's certificate (null when none), and whether the customer has ordered yet. */
export const CustomerResaleCertificate = z.object({
  certificate: ResaleCertificate.nullable(),
  has_ordered: z.boolean(),
});
export type CustomerResaleCertificate = z.infer<typeof CustomerResaleCertificate>;

/** The seller's setting: a valid certificate before a new customer's first order. */
export const ResaleCertificateRequirement = z.strictObject({ required: z.boolean() });
export type ResaleCertificateRequirement = z.infer<typeof ResaleCertificateRequirement>;

/**
 * GET …/resale_certificate/sellers/{seller_id}: what a seller asks of the purchaser before its
 * next order — `required` when the seller requires a certificate and this is its first order,
 * `on_file` when a valid one is on file now. The order is refused while required and not on file.
 */
export const ResaleCertificateCheck = z.object({ required: z.boolean(), on_file: z.boolean() });
export type ResaleCertificateCheck = z.infer<typeof ResaleCertificateCheck>;

export const SellerCertificateParams = z.strictObject({ org_id: Uuid, seller_id: Uuid });
