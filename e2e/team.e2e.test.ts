/**
 * Issue 13 item 5, on the production build: a seller's owner invites a colleague as Staff from
 * the Team page; the colleague opens the link from the built-in mailbox while signed out, signs
 * up and joins; they see the store and its team but no Get Started on Set Up Payments, no team
 * controls and no Mark paid / Void on Invoices; the owner removes them, and their next visit no longer opens the store.
 * Axe on each screen; screenshots at 1280 and 390 px.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.js';
import { launchBrowser } from './support/browser.js';
import { expectNoAxeViolations } from './support/axe.js';
import { fillCredentials, newSeller, sellerNav, toast, watchForProblems } from './support/journey.js';

const SHOTS = 'test-results';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const membersTable = (page: Page) => page.getByRole('table', { name: 'Team members' });
const memberRow = (page: Page, email: string) => membersTable(page).getByRole('row').filter({ hasText: email });

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe('team journey', () => {
  it('invites a colleague as Staff, who joins from the e-mail, runs the store without payments, and is removed', async () => {
    const stamp = Date.now();
    const colleagueEmail = `colleague-${stamp}@example.com`;

    // The owner opens Team from the side panel: only themselves, as Owner.
    const owner = await newSeller(browser, server.url, { email: `owner-${stamp}@example.com`, businessName: 'Fennel & Finch' });
    const { page } = owner;
    await sellerNav(page, 'Team').click();
    await page.waitForURL(/\/app\/[0-9a-f-]{36}\/team$/);
    await expect.poll(() => memberRow(page, owner.email).getByText('Owner', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Team (owner alone)');

    // Invite the colleague as Staff.
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(colleagueEmail);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await expectNoAxeViolations(page, 'the invite dialog');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => toast(page, `Invite sent to ${colleagueEmail}`).isVisible()).toBe(true);
    const pending = page.getByRole('region', { name: 'Pending invites' });
    await expect.poll(() => pending.getByText(colleagueEmail).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Team (a pending invite)');
    await shoot(page, 'team-owner');

    // The colleague, signed out in a browser of their own, reads the e-mail and follows the link.
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const problems = watchForProblems(context);
    const colleague = await context.newPage();
    await colleague.goto(`${server.url}/dev/mailbox?to=${encodeURIComponent(colleagueEmail)}`);
    await colleague.getByRole('link', { name: 'Join Fennel & Finch on Cratebase as Staff' }).click();
    await colleague.waitForURL(/\/dev\/mailbox\/[0-9a-f-]{36}$/);
    await colleague.getByRole('link', { name: /\/team-invite\/[0-9a-f-]{36}$/ }).click();
    await colleague.waitForURL(/\/team-invite\/[0-9a-f-]{36}$/);
    const invitePath = new URL(colleague.url()).pathname;
    await expect
      .poll(() => colleague.getByRole('heading', { name: 'Join Fennel & Finch on Cratebase as Staff' }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(colleague, 'the team invitation');
    await shoot(colleague, 'team-invite');

    // Sign up, come back to the invitation, join.
    await colleague.getByRole('button', { name: 'Sign up to join' }).click();
    await colleague.waitForURL(/\/interaction\//);
    await fillCredentials(colleague, colleagueEmail, 'staff-pass-1');
    await colleague.getByRole('button', { name: 'Create account' }).click();
    await colleague.waitForURL(`**${invitePath}`);
    await expect.poll(() => colleague.getByText(`Signed in as ${colleagueEmail}.`).isVisible()).toBe(true);
    await colleague.getByRole('button', { name: 'Join the team' }).click();
    await colleague.waitForURL(`**/app/${owner.orgId}`);
    // The store's admin, with its sections.
    await expect.poll(() => sellerNav(colleague, 'Products').isVisible()).toBe(true);

    // Set Up Payments: what it stands at, no way to change it.
    await colleague.goto(`${server.url}/app/${owner.orgId}/organization/onboarding/stripe-connect`);
    await expect.poll(() => colleague.getByText('Payments are not set up yet').isVisible()).toBe(true);
    expect(await colleague.getByRole('button', { name: 'Get Started' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: 'Link a bank account' }).count()).toBe(0);
    await expectNoAxeViolations(colleague, 'Set Up Payments (staff)');
    await shoot(colleague, 'team-staff-payments');

    // The team as Staff sees it: the list, no controls.
    await sellerNav(colleague, 'Team').click();
    await expect.poll(() => memberRow(colleague, colleagueEmail).getByText('Staff', { exact: true }).isVisible()).toBe(true);
    expect(await colleague.getByRole('button', { name: 'Invite member' }).count()).toBe(0);
    expect(await membersTable(colleague).getByRole('combobox').count()).toBe(0);
    expect(await colleague.getByRole('button', { name: 'Leave the team' }).isVisible()).toBe(true);
    await expectNoAxeViolations(colleague, 'Team (staff)');
    await shoot(colleague, 'team-staff');

    // Invoices as Staff: the list, and who may mark an invoice paid or void it (issue 21 part 3).
    await sellerNav(colleague, 'Invoices').click();
    await colleague.waitForURL(/\/invoices$/);
    await expect
      .poll(() => colleague.getByText('Only an owner or admin can mark invoices paid or void them.').isVisible())
      .toBe(true);
    expect(await colleague.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await expectNoAxeViolations(colleague, 'Invoices (staff)');
    await shoot(colleague, 'team-staff-invoices');

    // The owner sees the colleague join and removes them.
    await page.reload();
    await expect.poll(() => memberRow(page, colleagueEmail).isVisible()).toBe(true);
    expect(await pending.getByText(colleagueEmail).count()).toBe(0);
    await memberRow(page, colleagueEmail).getByRole('button', { name: `Remove ${colleagueEmail}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${colleagueEmail}?` });
    await expectNoAxeViolations(page, 'the remove confirmation');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => toast(page, `${colleagueEmail} was removed from the team`).isVisible()).toBe(true);
    await expect.poll(() => memberRow(page, colleagueEmail).count()).toBe(0);

    // The colleague's next visit: the store is no longer theirs.
    await colleague.goto(`${server.url}/app/${owner.orgId}/products`);
    await expect.poll(() => sellerNav(colleague, 'Products').isVisible()).toBe(false);

    expect(problems).toEqual([]);
    expect(owner.problems).toEqual([]);
    await context.close();
    await owner.context.close();
  }, 240_000);
});
