/**
 * Issue 26, the settings screen, on the production build: a seller's owner opens Integrations
 * from the side panel, creates an API key that may read orders, copies it from the one-time
 * dialog and the test uses it as an outside system would (bearer cb_live_…: 200 on the orders
 * list); revokes it, and the same call is refused with 401. Then adds a webhook endpoint pointing
 * at a receiver this test runs on 127.0.0.1, reveals its signing secret, sends a test event and
 * sees the delivery succeed with 200 in the log (the receiver checks the signature with the
 * secret the screen showed); and downloads an accounting export. Axe on each screen; 1280 and
 * 390 px screenshots with no sideways scroll. A Staff member has no Integrations link, and the
 * page, opened from a link, says who can manage integrations without a call the server refuses.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.js';
import { launchBrowser } from './support/browser.js';
import { expectNoAxeViolations } from './support/axe.js';
import {
  fillCredentials,
  horizontalOverflow,
  newSeller,
  sellerNav,
  toast,
  watchForProblems,
} from './support/journey.js';

const SHOTS = 'test-results';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: RunningServer;
let browser: Browser;
let receiver: http.Server;
const received: Received[] = [];

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // The seller's receiver: answers 200 to every POST and keeps what it got.
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [server, browser] = await Promise.all([
    // A receiver on this machine is a private address: allowed here as in development.
    startServer({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Screenshots at 1280 and 390 px; on the phone nothing scrolls sideways. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** A receiver's check of the Cratebase-Signature header (t=…,v1=…) with the endpoint's secret. */
function signedWith(secret: string, delivery: Received): boolean {
  const header = String(delivery.headers['cratebase-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest('hex');
  return parts.v1 === expected;
}

describe('integrations journey', () => {
  it('creates, uses and revokes an API key, receives a signed test event, and downloads an export', async () => {
    const stamp = Date.now();
    const owner = await newSeller(browser, server.url, {
      email: `integrations-${stamp}@example.com`,
      businessName: 'Tidewater Tea',
    });
    const { page, orgId } = owner;
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const selling = `${server.url}/api/order/organization/${orgId}/selling`;

    // Integrations from the side panel: no keys yet, a word on what they are for.
    await sellerNav(page, 'Integrations').click();
    await page.waitForURL(/\/app\/[0-9a-f-]{36}\/integrations$/);
    await expect.poll(() => page.getByText('No API keys yet').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
    await expectNoAxeViolations(page, 'Integrations (no keys)');
    await shoot(page, 'integrations-empty');

    // Create a key that may read orders: nothing ticked is refused first.
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Warehouse sync');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => dialog.getByText('Choose at least one thing the key may do').isVisible()).toBe(true);
    await dialog.getByRole('checkbox', { name: /^Read orders/ }).check();
    await expectNoAxeViolations(page, 'the Create API key dialog');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    // Shown once: copy it.
    const tokenDialog = page.getByRole('dialog', { name: 'Your new API key' });
    await expect.poll(() => tokenDialog.getByText('you won’t see it again', { exact: false }).isVisible()).toBe(true);
    const shown = (await tokenDialog.getByLabel('API key', { exact: true }).textContent())?.trim() ?? '';
    expect(shown).toMatch(/^cb_live_\S{20,}$/);
    await tokenDialog.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => tokenDialog.getByRole('status').getByText('API key copied').isVisible()).toBe(true);
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe(shown);
    await expectNoAxeViolations(page, 'the one-time API key dialog');
    await shoot(page, 'integrations-api-key-token');
    await tokenDialog.getByRole('button', { name: 'Done' }).click();

    // An outside system uses it.
    const withKey = () => fetch(selling, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const allowed = await withKey();
    expect(allowed.status).toBe(200);
    expect(Array.isArray(await allowed.json())).toBe(true);

    // The list: the key, masked, with its scope and its first use.
    const table = page.getByRole('table', { name: 'API keys' });
    const row = table.getByRole('row').filter({ hasText: 'Warehouse sync' });
    await expect.poll(() => row.getByText(`cb_live_…${token.slice(-4)}`).isVisible()).toBe(true);
    expect(await row.getByRole('list', { name: 'Scopes of Warehouse sync' }).innerText()).toBe('Read orders');
    await page.reload();
    await expect.poll(() => row.getByText('just now').isVisible()).toBe(true);
    expect(await page.getByText(token).count()).toBe(0);
    await expectNoAxeViolations(page, 'Integrations (one key)');
    await shoot(page, 'integrations-api-keys');

    // Revoke it: the next call is refused.
    await row.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Warehouse sync?' });
    await expectNoAxeViolations(page, 'the revoke confirmation');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => toast(page, 'Warehouse sync revoked: it no longer works').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Revoked', { exact: true }).isVisible()).toBe(true);
    expect((await withKey()).status).toBe(401);

    // Webhooks: an endpoint at the test's receiver.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect.poll(() => page.getByText('No webhook endpoints yet').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Webhooks (none)');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add endpoint' });
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cratebase`;
    await add.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiverUrl);
    await add.getByRole('textbox', { name: 'Description' }).fill('Order import');
    await add.getByRole('checkbox', { name: 'Every orders event' }).check();
    await expectNoAxeViolations(page, 'the Add endpoint dialog');
    await shoot(page, 'integrations-webhook-dialog');
    await add.getByRole('button', { name: 'Add endpoint' }).click();

    // The endpoint's page: its events, the secret on request, and an empty log.
    await page.waitForURL(/[?&]endpoint=[0-9a-f-]{36}/);
    await expect.poll(() => page.getByRole('heading', { name: receiverUrl }).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Events sent' }).getByRole('listitem').count()).toBe(4);
    await expect.poll(() => page.getByText('No deliveries yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Reveal' }).click();
    const secretBox = page.getByLabel('Secret value', { exact: true });
    await expect.poll(() => secretBox.isVisible()).toBe(true);
    const secret = (await secretBox.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);

    // A test event reaches the receiver, signed, and the log says 200.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => toast(page, 'Test event queued: it shows in the deliveries below.').isVisible()).toBe(true);
    const log = page.getByRole('table', { name: 'Deliveries' });
    const testRow = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect.poll(() => testRow.getByText('Succeeded').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await testRow.getByRole('cell', { name: '200', exact: true }).isVisible()).toBe(true);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test', organization_id: orgId });
    expect(signedWith(secret, received[0]!)).toBe(true);
    await expectNoAxeViolations(page, 'the endpoint with a delivery');
    await shoot(page, 'integrations-webhook-endpoint');

    // The delivery's attempts.
    await testRow.click();
    const detail = page.getByRole('dialog', { name: 'Delivery of webhook.test' });
    const attempts = detail.getByRole('list', { name: 'Attempts' });
    await expect.poll(() => attempts.getByText(/^HTTP 200/).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'a delivery’s attempts');
    await shoot(page, 'integrations-delivery');
    await detail.getByRole('button', { name: 'Close' }).click();

    // Exports: last month's invoices for QuickBooks Online, fetched with the session.
    await page.getByRole('tab', { name: 'Exports' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Accounting exports' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Exports');
    await shoot(page, 'integrations-exports');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^cratebase-invoices-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}-quickbooks\.csv$/,
    );
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toContain('InvoiceNo');

    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 240_000);

  it('shows Staff who can manage integrations, without the link or a refused call', async () => {
    const stamp = Date.now();
    const staffEmail = `staff-${stamp}@example.com`;
    const owner = await newSeller(browser, server.url, {
      email: `owner-${stamp}@example.com`,
      businessName: 'Harbour Mills',
    });
    await sellerNav(owner.page, 'Team').click();
    await owner.page.getByRole('button', { name: 'Invite member' }).click();
    const invite = owner.page.getByRole('dialog', { name: 'Invite a team member' });
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(staffEmail);
    await invite.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => toast(owner.page, `Invite sent to ${staffEmail}`).isVisible()).toBe(true);

    // The colleague joins as Staff from the e-mail.
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const problems = watchForProblems(context);
    const refused: string[] = [];
    context.on('response', (r) => {
      if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    const staff = await context.newPage();
    await staff.goto(`${server.url}/dev/mailbox?to=${encodeURIComponent(staffEmail)}`);
    await staff.getByRole('link', { name: 'Join Harbour Mills on Cratebase as Staff' }).click();
    await staff.getByRole('link', { name: /\/team-invite\/[0-9a-f-]{36}$/ }).click();
    await staff.getByRole('button', { name: 'Sign up to join' }).click();
    await staff.waitForURL(/\/interaction\//);
    await fillCredentials(staff, staffEmail, 'staff-pass-1');
    await staff.getByRole('button', { name: 'Create account' }).click();
    await staff.getByRole('button', { name: 'Join the team' }).click();
    await staff.waitForURL(`**/app/${owner.orgId}`);
    await expect.poll(() => sellerNav(staff, 'Team').isVisible()).toBe(true);
    expect(await sellerNav(staff, 'Integrations').count()).toBe(0);

    // A link shared by the owner: a sentence, no tabs, nothing asked of the server that it refuses.
    await staff.goto(`${server.url}/app/${owner.orgId}/integrations`);
    await expect.poll(() => staff.getByText('Only an owner or admin can manage integrations').isVisible()).toBe(true);
    expect(await staff.getByRole('tab').count()).toBe(0);
    expect(refused).toEqual([]);
    await expectNoAxeViolations(staff, 'Integrations (staff)');
    await shoot(staff, 'integrations-staff');

    expect(problems).toEqual([]);
    expect(owner.problems).toEqual([]);
    await context.close();
    await owner.context.close();
  }, 240_000);
});
