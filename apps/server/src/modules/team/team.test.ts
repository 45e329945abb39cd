import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { NEXT_CURSOR_HEADER } from '@cratebase/contract';
import { createHarness, type Harness, type TestUser } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Org = TestUser & { orgId: string };

const members = (org: Org, token = org.token, query = '') => h.call('GET', `/api/organization/${org.orgId}/members${query}`, { token });
const invites = (org: Org, token = org.token) => h.call('GET', `/api/organization/${org.orgId}/members/invites`, { token });
const invite = (org: Org, email: string, role: 'admin' | 'staff', token = org.token) =>
  h.call('POST', `/api/organization/${org.orgId}/members/invites`, { token, body: { email, role } });
const accept = (user: TestUser, inviteId: string) => h.call('POST', `/api/team/invite/${inviteId}/accept`, { token: user.token, body: {} });
const setRole = (org: Org, userId: string, role: string, token = org.token) =>
  h.call('PATCH', `/api/organization/${org.orgId}/members/${userId}`, { token, body: { role } });
const remove = (org: Org, userId: string, token = org.token) =>
  h.call('DELETE', `/api/organization/${org.orgId}/members/${userId}`, { token });

async function userId(user: TestUser): Promise<string> {
  const me = await h.call('GET', '/api/user/me', { token: user.token });
  return me.body.id;
}

/** The mail the worker delivered to the built-in outbox for one address. */
async function mailbox(to: string) {
  await h.app.mail.worker.drain();
  const res = await h.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body as { subject: string; links: string[]; text: string }[];
}

const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** `org`'s owner invites a new user as `role`, who accepts; answers that user. */
async function join(org: Org, role: 'admin' | 'staff'): Promise<TestUser & { id: string }> {
  const user = await h.newUser(freshEmail(role));
  const sent = await invite(org, user.email, role);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const res = await accept(user, sent.body.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...user, id: await userId(user) };
}

describe('team invites', () => {
  it('invites a colleague by e-mail, who joins with the role from the link in the e-mail', async () => {
    const seller = await h.newOrgUser('Merchant', 'Harbor Jams');
    const email = freshEmail('colleague');
    const sent = await invite(seller, `  ${email.toUpperCase()} `, 'staff');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ email, role: 'staff' });
    expect((await invites(seller)).body.map((i: { id: string }) => i.id)).toEqual([sent.body.id]);

    const [mail] = await mailbox(email);
    expect(mail!.subject).toBe('Join Harbor Jams on Cratebase as Staff');
    const link = mail!.links.find((l) => l.includes('/team-invite/'));
    expect(link).toBe(`${h.config.publicUrl}/team-invite/${sent.body.id}`);

    // Anyone holding the link sees the organization and the role, and the address only in part.
    const meta = await h.call('GET', `/api/team/invite/${sent.body.id}`);
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ organization: { id: seller.orgId, name: 'Harbor Jams' }, role: 'staff', accepted: false });
    expect(meta.body.email_hint).toBe(`c***@example.com`);

    const colleague = await h.newUser(email);
    const joined = await accept(colleague, sent.body.id);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toEqual({ organization: { id: seller.orgId, name: 'Harbor Jams', selected_type: 'Merchant' }, role: 'staff' });
    // Accepting again answers the same membership.
    expect((await accept(colleague, sent.body.id)).body).toEqual(joined.body);

    const list = await members(seller);
    expect(list.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [email, 'staff'],
      [seller.email, 'owner'],
    ]);
    expect((await invites(seller)).body).toEqual([]);
    // The colleague now sees the store and its team; user/me names their role.
    expect((await members(seller, colleague.token)).status).toBe(200);
    const me = await h.call('GET', '/api/user/me', { token: colleague.token });
    expect(me.body.organizations).toEqual([{ id: seller.orgId, name: 'Harbor Jams', selected_type: 'Merchant', role: 'staff' }]);
    expect((await h.call('GET', `/api/product/organization/${seller.orgId}`, { token: colleague.token })).status).toBe(200);
  });

  it('answers a repeated invite with the pending one, changes its role when asked, and refuses members', async () => {
    const seller = await h.newOrgUser('Merchant', 'Twice Goods');
    const email = freshEmail('twice');
    const first = await invite(seller, email, 'staff');
    const again = await invite(seller, email, 'staff');
    expect(again.body).toEqual(first.body);
    expect(await mailbox(email)).toHaveLength(1);
    const promoted = await invite(seller, email, 'admin');
    expect(promoted.body).toMatchObject({ id: first.body.id, role: 'admin' });
    expect((await mailbox(email)).map((m) => m.subject)).toContain('Join Twice Goods on Cratebase as Admin');

    const mine = await invite(seller, seller.email, 'staff');
    expect(mine.status).toBe(409);
    expect(mine.body.message).toBe(`${seller.email} is already a member of this team.`);
    const bad = await invite(seller, 'not an address', 'staff');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('email');
    const owner = await invite(seller, freshEmail('owner'), 'owner' as 'admin');
    expect(owner.status).toBe(400);
    expect(owner.body.issues[0].path).toBe('role');
  });

  it('lets only the invited e-mail accept, and a revoked invite not at all', async () => {
    const seller = await h.newOrgUser('Merchant');
    const email = freshEmail('only');
    const sent = await invite(seller, email, 'admin');
    const stranger = await h.newUser();
    const refused = await accept(stranger, sent.body.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This invitation was sent to o***@example.com. Sign in with that e-mail to accept it.');

    expect((await h.call('DELETE', `/api/organization/${seller.orgId}/members/invites/${sent.body.id}`, { token: seller.token })).status).toBe(204);
    expect((await invites(seller)).body).toEqual([]);
    const invitee = await h.newUser(email);
    expect((await accept(invitee, sent.body.id)).status).toBe(404);
    expect((await h.call('GET', `/api/team/invite/${sent.body.id}`)).status).toBe(404);
    expect((await members(seller)).body).toHaveLength(1);
  });

  it('makes one membership when the invitee accepts twice at once', async () => {
    const seller = await h.newOrgUser('Buyer', 'Corner Shop');
    const email = freshEmail('racer');
    const sent = await invite(seller, email, 'staff');
    const invitee = await h.newUser(email);
    const both = await Promise.all([accept(invitee, sent.body.id), accept(invitee, sent.body.id), accept(invitee, sent.body.id)]);
    expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(both.map((r) => r.body.role)).toEqual(['staff', 'staff', 'staff']);
    expect((await members(seller)).body.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  });

  it('lets staff read the team but not invite or revoke', async () => {
    const seller = await h.newOrgUser('Merchant');
    const staff = await join(seller, 'staff');
    const pending = await invite(seller, freshEmail('pending'), 'staff');
    expect((await members(seller, staff.token)).status).toBe(200);
    expect((await invites(seller, staff.token)).body).toHaveLength(1);
    const refused = await invite(seller, freshEmail('nope'), 'staff', staff.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an owner or admin can invite members to the team.');
    const revoke = await h.call('DELETE', `/api/organization/${seller.orgId}/members/invites/${pending.body.id}`, { token: staff.token });
    expect(revoke.status).toBe(403);
    expect((await invites(seller)).body).toHaveLength(1);
  });
});

describe('roles and removal', () => {
  it('pages the members', async () => {
    const seller = await h.newOrgUser('Merchant');
    await join(seller, 'staff');
    await join(seller, 'admin');
    const first = await members(seller, seller.token, '?limit=2');
    expect(first.body).toHaveLength(2);
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toBeTruthy();
    const second = await members(seller, seller.token, `?limit=2&cursor=${cursor}`);
    expect(second.body.map((m: { email: string }) => m.email)).toEqual([seller.email]);
  });

  it('lets admins change roles, only owners make owners, and never demotes the last owner', async () => {
    const seller = await h.newOrgUser('Merchant');
    const ownerId = await userId(seller);
    const admin = await join(seller, 'admin');
    const staff = await join(seller, 'staff');

    expect((await setRole(seller, staff.id, 'admin', staff.token)).body.message).toBe('Only an owner or admin can change the team.');
    const promoted = await setRole(seller, staff.id, 'admin', admin.token);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ user_id: staff.id, email: staff.email, role: 'admin' });
    expect((await setRole(seller, staff.id, 'staff', admin.token)).body.role).toBe('staff');

    const notOwner = await setRole(seller, admin.id, 'owner', admin.token);
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toBe('Only an owner can make or unmake owners.');
    expect((await setRole(seller, ownerId, 'admin', admin.token)).status).toBe(403);

    const last = await setRole(seller, ownerId, 'admin');
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('An organization needs at least one owner: make another member an owner first.');
    expect((await setRole(seller, admin.id, 'owner')).body.role).toBe('owner');
    // Two owners now: one may step down.
    expect((await setRole(seller, ownerId, 'staff')).body.role).toBe('staff');
    expect((await setRole(seller, randomUUID(), 'staff', admin.token)).status).toBe(404);
    const bad = await setRole(seller, staff.id, 'boss', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('role');
  });

  it('lets admins remove others, anyone leave, and never the last owner go', async () => {
    const seller = await h.newOrgUser('Merchant');
    const ownerId = await userId(seller);
    const admin = await join(seller, 'admin');
    const staff = await join(seller, 'staff');
    const other = await join(seller, 'staff');

    const byStaff = await remove(seller, other.id, staff.token);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.message).toBe('Only an owner or admin can remove members of the team.');
    expect((await remove(seller, ownerId, admin.token)).body.message).toBe('Only an owner can remove an owner.');
    expect((await remove(seller, other.id, admin.token)).status).toBe(204);
    // Removed: their access ends on their next request.
    expect((await members(seller, other.token)).status).toBe(403);
    expect((await remove(seller, staff.id, staff.token)).status).toBe(204);
    expect((await members(seller, staff.token)).status).toBe(403);

    const leave = await remove(seller, ownerId);
    expect(leave.status).toBe(409);
    expect(leave.body.message).toBe(
      'You are the last owner and cannot leave. An organization needs at least one owner: make another member an owner first.',
    );
    expect((await members(seller)).body.map((m: { user_id: string }) => m.user_id).sort()).toEqual([ownerId, admin.id].sort());
    expect((await remove(seller, randomUUID())).status).toBe(404);
  });

  it('keeps one owner when two owners remove each other at once', async () => {
    const seller = await h.newOrgUser('Merchant');
    const ownerId = await userId(seller);
    const second = await join(seller, 'admin');
    expect((await setRole(seller, second.id, 'owner')).status).toBe(200);
    const results = await Promise.all([remove(seller, second.id), remove(seller, ownerId, second.token)]);
    // Whoever is removed first is no longer a member when their own removal runs.
    expect(results.map((r) => r.status).sort()).toEqual([204, 403]);
    const left = await h.call('GET', `/api/organization/${seller.orgId}/members`, {
      token: results[0]!.status === 204 ? seller.token : second.token,
    });
    expect(left.body.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });

  it('keeps one owner when both owners leave at once', async () => {
    const seller = await h.newOrgUser('Buyer');
    const ownerId = await userId(seller);
    const second = await join(seller, 'admin');
    expect((await setRole(seller, second.id, 'owner')).status).toBe(200);
    const results = await Promise.all([remove(seller, ownerId), remove(seller, second.id, second.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    const stayed = results[0]!.status === 204 ? second : seller;
    expect((await members(seller, stayed.token)).body.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });
});

describe('admin-only routes', () => {
  it('refuses staff on payments and bank accounts with the role it takes, and lets them read', async () => {
    const seller = await h.newOrgUser('Merchant');
    const staff = await join(seller, 'staff');
    const admin = await join(seller, 'admin');
    const payments = `/api/stripe/organization/${seller.orgId}`;
    const setUp = await h.call('POST', `${payments}/create-connect-account`, { token: staff.token });
    expect(setUp.status).toBe(403);
    expect(setUp.body.message).toBe('Only an owner or admin can change payments.');
    expect((await h.call('GET', `${payments}/account-status`, { token: staff.token })).status).toBe(200);
    expect((await h.call('POST', `${payments}/create-connect-account`, { token: admin.token })).status).toBe(200);

    const link = await h.call('GET', `/api/plaid/link/token/create?organization_id=${seller.orgId}`, { token: staff.token });
    expect(link.status).toBe(403);
    expect(link.body.message).toBe('Only an owner or admin can change bank accounts.');
    expect((await h.call('GET', `/api/plaid/accounts?organization_id=${seller.orgId}`, { token: staff.token })).status).toBe(200);
    expect((await h.call('GET', `/api/plaid/link/token/create?organization_id=${seller.orgId}`, { token: admin.token })).status).toBe(200);

    // Staff run the store.
    const product = await h.call('PUT', '/api/product', {
      token: staff.token,
      body: { name: 'Staff Jam', organization: { id: seller.orgId }, unit_price_in_cents: 500 },
    });
    expect(product.status).toBe(200);
    const customers = await h.call('POST', '/api/invite/purchaser', {
      token: staff.token,
      body: { to_organization_id: seller.orgId, to_emails: [freshEmail('shop')] },
    });
    expect(customers.status).toBe(200);
  });
});
