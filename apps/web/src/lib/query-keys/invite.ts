// ── Invites (public metadata) ───────────────────────────────────────────────────────────────

export const inviteMetadataKeys = {
  customer: (inviteId: string) => ['invite-metadata', inviteId] as const,
  team: (inviteId: string) => ['team-invite-metadata', inviteId] as const,
};
