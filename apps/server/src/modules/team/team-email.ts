/** The team invitation e-mail: subject, HTML and plain text, with the organization's name and logo. */
import { PRODUCT_NAME, TEAM_ROLE_LABELS, type TeamInviteRole } from '@cratebase/contract';
import { oneLine, renderEmailHtml, renderShortEmailText } from '../../providers/mail/index.js';

export interface TeamInviteEmailInput {
  organizationName: string;
  /** Absolute URL of the organization's logo, or null. */
  logoUrl: string | null;
  /** Who invited, by name or e-mail (null when unknown). */
  inviter: string | null;
  role: TeamInviteRole;
  /** Absolute URL of /team-invite/{invite_id}. */
  inviteUrl: string;
  /** The recipient, named in the small print. */
  to: string;
}

export function renderTeamInviteEmail(input: TeamInviteEmailInput): { subject: string; html: string; text: string } {
  // Names are user text: in the subject they must stay on one line (no header injection).
  const org = oneLine(input.organizationName) || 'An organization';
  const inviter = input.inviter ? oneLine(input.inviter) : null;
  const role = TEAM_ROLE_LABELS[input.role];
  const subject = `Join ${org} on ${PRODUCT_NAME} as ${role}`;
  const intro = `${inviter ?? 'A colleague'} invited you to join the ${org} team on ${PRODUCT_NAME} as ${role}.`;
  const what =
    input.role === 'admin'
      ? 'As an admin you can run the store and manage payments, bank accounts and the team.'
      : 'As staff you can run the store: products, orders, customers and invites.';
  const ignore = `This invitation was sent to ${input.to}. If you were not expecting it, you can ignore this e-mail.`;
  const content = {
    title: subject,
    preheader: `Accept your invitation to join ${org}.`,
    brand: { name: org, logoUrl: input.logoUrl },
    heading: `Join ${org} on ${PRODUCT_NAME}`,
    paragraphs: [intro, what],
    button: { label: 'Join the team', url: input.inviteUrl },
    footer: [ignore, `${PRODUCT_NAME} — wholesale ordering for brands and their retailers.`],
  };
  const html = renderEmailHtml(content);
  const text = renderShortEmailText(content);
  return { subject, html, text };
}
