// ── The signed-in user ──────────────────────────────────────────────────────────────────────

/** Spec section 7: the current user (`GET /api/user/me`) is cached under the key `user`. */
export const userQueryKey = ['user'] as const;
