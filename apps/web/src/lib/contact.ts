/** The signed-in person's contact details (issue 27): PUT /api/user/me and the form's checks. */
import { CONTACT_LIMITS, phoneIssue, type CurrentUser, type UpdateContactBody } from '@cratebase/contract';
import { api } from './api';

/** PUT /api/user/me: name (required) and phone (optional; empty clears it). */
export function saveContact(body: UpdateContactBody): Promise<CurrentUser> {
  return api.put<CurrentUser>('/api/user/me', body);
}

export interface ContactValues {
  name: string;
  phone: string;
}

/** What the form says about each field before asking the server (the server checks the same). */
export function contactIssues(values: ContactValues): { name?: string; phone?: string } {
  const issues: { name?: string; phone?: string } = {};
  const name = values.name.trim();
  if (!name) issues.name = 'is required';
  else if (name.length > CONTACT_LIMITS.name) issues.name = `must be at most ${CONTACT_LIMITS.name} characters`;
  const phone = values.phone.trim();
  const problem = phone ? phoneIssue(phone) : null;
  if (problem) issues.phone = problem;
  return issues;
}

/** The body for PUT /api/user/me from the form's values. */
export function contactBody(values: ContactValues): UpdateContactBody {
  return { name: values.name.trim(), phone: values.phone.trim() || null };
}

/**
 * A person's name as first and last name, for forms that ask them apart (a shipping address, a
 * payment account's representative): split at the last space ("Mary Ann Lee" → "Mary Ann",
 * "Lee"); one word is a first name.
 */
export function splitPersonName(name: string | null | undefined): { first: string; last: string } {
  const full = name?.trim().replace(/\s+/g, ' ') ?? '';
  const at = full.lastIndexOf(' ');
  return at > 0 ? { first: full.slice(0, at), last: full.slice(at + 1) } : { first: full, last: '' };
}
