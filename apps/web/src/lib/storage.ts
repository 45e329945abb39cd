import { STORAGE_KEYS } from '@cratebase/contract';

/** localStorage that never throws (private mode, disabled storage, quota). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the app keeps working without remembering */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

/** The organization chosen last in the side panel (spec: local storage key `org`). */
export function rememberedOrgId(): string | null {
  return safeStorage.get(STORAGE_KEYS.org);
}

export function rememberOrgId(orgId: string): void {
  safeStorage.set(STORAGE_KEYS.org, orgId);
}

/** Cleared on log out and after an organization is created (spec section 3). */
export function clearBuyerSignupKeys(): void {
  safeStorage.remove(STORAGE_KEYS.buyerInviteId);
  safeStorage.remove(STORAGE_KEYS.buyerOrgId);
}
