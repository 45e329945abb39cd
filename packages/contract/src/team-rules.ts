/** Team roles shared by the server and the browser (zod-free). */

/**
 * The roles of an organization's members, strongest first. An owner created the organization
 * (or was made one by another owner); admins manage everything an owner does except owners;
 * staff run the store but cannot change payments, bank accounts or the team.
 */
export const TEAM_ROLES = ['owner', 'admin', 'staff'] as const;
type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles a team invite may offer (an owner is made by promoting a member). */
export const TEAM_INVITE_ROLES = ['admin', 'staff'] as const;

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };

const RANK: Record<TeamRole, number> = { owner: 3, admin: 2, staff: 1 };

/** Whether `role` includes everything `atLeast` may do (owner ⊇ admin ⊇ staff). */
export function teamRoleAtLeast(role: TeamRole | null | undefined, atLeast: TeamRole): boolean {
  return role != null && RANK[role] >= RANK[atLeast];
}

/** Who may do what needs `role`, for messages: "an owner or admin", "an owner". */
export function teamRoleHolders(role: TeamRole): string {
  if (role === 'owner') return 'an owner';
  if (role === 'admin') return 'an owner or admin';
  return 'a member';
}
