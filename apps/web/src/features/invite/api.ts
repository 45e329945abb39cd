import type { AcceptInviteBody, AcceptInviteResult, InviteMetadata } from '@cratebase/contract';
import { STORAGE_KEYS } from '@cratebase/contract';
import { api, apiPath, ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { safeStorage } from '../../lib/storage';

export const inviteMetadataKey = (inviteId: string) => ['invite-metadata', inviteId] as const;

/**
 * GET /api/invite/metadata/invite/{invite_id}: the inviting organization's id, name and image
 * set. The only product call made without a token (spec section 1), so plain fetch, not `api`.
 */
export async function fetchInviteMetadata(inviteId: string): Promise<InviteMetadata> {
  let response: Response;
  try {
    response = await fetch(apiPath`/api/invite/metadata/invite/${inviteId}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      response.status,
      'invite_metadata_failed',
      typeof message === 'string' ? message : 'This invitation could not be found.',
    );
  }
  return body as InviteMetadata;
}

/**
 * POST /api/invite/purchaser/accept/{invite_id}. Without an organization id the caller's Buyer
 * organization accepts; a caller without any organization claims the invite
 * (`pending_organization`) and their next new organization completes it.
 */
export function acceptInvite(inviteId: string, body: NonNullable<AcceptInviteBody> = {}): Promise<AcceptInviteResult> {
  return api.post<AcceptInviteResult>(apiPath`/api/invite/purchaser/accept/${inviteId}`, body);
}

/** 409 `already_purchaser`: the user's organization already buys from this seller. */
export function isAlreadyPurchaser(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'already_purchaser';
}

/** Remembers the invite for the sign-up round trip (spec: buyer_invite_id and buyer_org_id). */
export function saveBuyerSignupKeys(inviteId: string, orgId: string): void {
  safeStorage.set(STORAGE_KEYS.buyerInviteId, inviteId);
  safeStorage.set(STORAGE_KEYS.buyerOrgId, orgId);
}

export function savedBuyerSignupKeys(): { inviteId: string | null; orgId: string | null } {
  return { inviteId: safeStorage.get(STORAGE_KEYS.buyerInviteId), orgId: safeStorage.get(STORAGE_KEYS.buyerOrgId) };
}

/** /details-buyer?invite_id=…&org_id=… */
export function buyerSignupPath(inviteId: string, orgId: string): string {
  return `/details-buyer?${new URLSearchParams({ invite_id: inviteId, org_id: orgId }).toString()}`;
}
