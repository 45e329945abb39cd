import type { AcceptInviteBody, AcceptInviteResult } from '@cratebase/contract';
import { STORAGE_KEYS } from '@cratebase/contract';
import { api, apiPath, ApiError } from './api';
import { safeStorage } from './storage';

// Accepting an invite, shared by the invite page, the buyer sign-up and the storefront entry
// (which continues a sign-up saved in this browser).

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
