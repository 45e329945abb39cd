import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Uuid } from './common.js';
import { ImageSet } from './organization.js';
import { ACCEPT_INVITE_STATUSES, INVITE_EMAIL_PATTERN, INVITE_LIMITS, hasLineBreak } from './invite-rules.js';

/**
 * One invite address: no line breaks anywhere (they would let a value inject e-mail headers),
 * then trimmed, lower-cased, at most 254 characters and a standard e-mail address.
 */
export const InviteEmail = z
  .string({ message: 'must be an e-mail address' })
  .refine((s) => !hasLineBreak(s), { message: 'must not contain line breaks', abort: true })
  .trim()
  .toLowerCase()
  .min(1, 'must not be empty')
  .max(LIMITS.email, `must be at most ${LIMITS.email} characters`)
  .pipe(z.email({ pattern: INVITE_EMAIL_PATTERN, message: 'must be a valid e-mail address' }))
  .meta({ format: 'email', pattern: INVITE_EMAIL_PATTERN.source });

/** POST /api/invite/purchaser */
export const CreateInvitesBody = z.strictObject({
  to_organization_id: Uuid,
  to_emails: z
    .array(InviteEmail, { message: 'must be a list of e-mail addresses' })
    .min(1, 'must list at least one e-mail address')
    .max(INVITE_LIMITS.maxEmailsPerCall, `must list at most ${INVITE_LIMITS.maxEmailsPerCall} e-mail addresses`),
});
export type CreateInvitesBody = z.infer<typeof CreateInvitesBody>;

/** An invite as the seller sees it. `accepted_on` null means not accepted. Dates are ISO 8601. */
export const Invite = z.object({
  id: Uuid,
  send_to_email: z.string(),
  created_on: z.string(),
  accepted_on: z.string().nullable(),
  /** When the e-mail was last queued (creation or resend). */
  last_sent_at: z.string().nullable(),
});
export type Invite = z.infer<typeof Invite>;

export const InviteList = z.array(Invite);

export const InviteIdParams = z.strictObject({ invite_id: Uuid });

/**
 * GET /api/invite/metadata/invite/{invite_id} (no token): the inviting organization only.
 * `id` is the organization's id (the buyer sign-up needs it as org_id).
 */
export const InviteMetadata = z.object({
  id: Uuid,
  name: z.string(),
  image_set: ImageSet,
});
export type InviteMetadata = z.infer<typeof InviteMetadata>;

/**
 * POST /api/invite/purchaser/accept/{invite_id}: empty, or the organization that accepts.
 * Without one the caller's Buyer organization accepts (else their first other organization);
 * a caller with no organization yet claims the invite, and creating their organization
 * completes the acceptance.
 */
export const AcceptInviteBody = z.strictObject({ organization_id: Uuid.optional() }).nullish();
export type AcceptInviteBody = z.infer<typeof AcceptInviteBody>;

const OrganizationName = z.object({ id: Uuid, name: z.string() });

export const AcceptInviteResult = z.object({
  invite_id: Uuid,
  /** `pending_organization`: claimed by the caller; their next new organization becomes the purchaser. */
  status: z.enum(ACCEPT_INVITE_STATUSES),
  seller_organization: OrganizationName,
  purchasing_organization: OrganizationName.nullable(),
  accepted_on: z.string().nullable(),
});
export type AcceptInviteResult = z.infer<typeof AcceptInviteResult>;
