/**
 * Issue 25 part 3, on the production build: line sheets. A seller at 1280 px makes a line sheet
 * from the side panel — picks two products by search, writes a note, downloads the PDF, shares
 * the link (the editor also fits a 390 px phone); a store without an account opens the link on a 390 px phone, reads photos and
 * prices, and sends a request to order; the seller sees the request and invites the store with
 * one click; once revoked, the link says it is not valid. Screenshots in test-results/.
 */
import { describe, expect, it } from 'vitest';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { horizontalOverflow, sellerNav, signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser, liveProducts, uploadPhoto } from './support/seed.js';

const scene = journeyScene();

describe('line sheets journey', () => {
  it('a seller builds and shares a line sheet; a store without an account reads it on a phone and requests to order', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `orchard-${stamp}@example.com`);
    const org = await seller.call<{ id: string }>('POST', '/api/organization', {
      selected_type: 'Merchant',
      name: 'Orchard Row Preserves',
    });
    const [fig, pear] = [
      await uploadPhoto(scene.server.url, seller, org.id, '#7b3f61'),
      await uploadPhoto(scene.server.url, seller, org.id, '#b5a642'),
    ];
    await liveProducts(seller, org.id, [
      { name: 'Black Fig Jam', priceCents: 1_150, msrpCents: 2_299, photos: [fig] },
      { name: 'Pear Butter', priceCents: 980, msrpCents: 1_899, photos: [pear] },
      { name: 'Quince Paste', priceCents: 1_400, msrpCents: 2_800 },
    ]);

    // ── The seller, at 1280 px: a new sheet, two products by search, a note ───────────
    const context = await scene.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const problems = watchForProblems(context);
    const page = await context.newPage();
    await page.goto(`${scene.server.url}/app/${org.id}/products`);
    await signInOnProviderPage(page, seller.email, seller.password);
    await sellerNav(page, 'Line sheets').click();
    await page.waitForURL(/\/line-sheets$/);
    await expect.poll(() => page.getByText('No line sheets yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'New line sheet' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill('Autumn 2027');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/line-sheets\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Autumn 2027', level: 1 }).isVisible()).toBe(true);

    const picker = page.getByLabel('Add a product');
    for (const name of ['Pear Butter', 'Black Fig Jam']) {
      await picker.fill(name.split(' ')[0]!);
      await page.getByRole('option', { name: new RegExp(name) }).click();
      await expect
        .poll(() => page.getByRole('list', { name: 'Chosen products' }).getByText(name).isVisible())
        .toBe(true);
    }
    await page.getByLabel('Note').fill('Small-batch preserves for autumn.\nOrders ship within a week.');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => toast(page, 'Line sheet saved').isVisible()).toBe(true);
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.getByRole('article').count()).toBe(2);
    expect(await preview.getByRole('article', { name: 'Pear Butter' }).textContent()).toContain(
      'Wholesale $9.80 · Retail $18.99',
    );

    // The PDF downloads with the bearer token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('line-sheet-Autumn-2027.pdf');

    // Share: the link appears, ready to copy.
    await page.getByRole('button', { name: 'Create share link' }).click();
    const linkField = page.getByLabel('Line sheet link');
    await expect.poll(() => linkField.isVisible()).toBe(true);
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/line-sheet\/[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(page, 'the line sheet editor');
    await page.screenshot({ path: `${SHOTS}/line-sheet-editor-desktop.png`, fullPage: true, animations: 'disabled' });

    // ── A store without an account, on a 390 px phone ──────────────────────────────────
    const phone = await scene.browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitorProblems = watchForProblems(phone);
    const visitor = await phone.newPage();
    await visitor.goto(link);
    await expect.poll(() => visitor.getByRole('heading', { name: 'Autumn 2027', level: 1 }).isVisible()).toBe(true);
    expect(visitor.url()).toBe(link);
    await expect.poll(() => visitor.getByRole('article').count()).toBe(2);
    expect(await visitor.getByRole('article').first().getByRole('heading').textContent()).toBe('Pear Butter');
    await expect
      .poll(() =>
        visitor
          .getByRole('article', { name: 'Black Fig Jam' })
          .getByRole('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await visitor.getByText('Orders ship within a week.').isVisible()).toBe(true);
    expect(await horizontalOverflow(visitor)).toBe(0);
    await expectNoAxeViolations(visitor, 'the shared line sheet on a phone');
    await visitor.screenshot({ path: `${SHOTS}/line-sheet-shared-phone.png`, fullPage: true, animations: 'disabled' });

    await visitor.getByRole('link', { name: 'Request to order' }).click();
    await visitor.getByLabel('Store name').fill('Maple Street Market');
    await visitor.getByLabel('Your name').fill('Rosa Diaz');
    await visitor.getByLabel('E-mail').fill(`rosa-${stamp}@example.com`);
    await visitor.getByLabel('Message (optional)').fill('Could we start with 6 cases of the fig jam?');
    await visitor.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => visitor.getByRole('status').filter({ hasText: 'Orchard Row Preserves has your request' }).isVisible())
      .toBe(true);
    await visitor.screenshot({
      path: `${SHOTS}/line-sheet-request-sent-phone.png`,
      fullPage: false,
      animations: 'disabled',
    });

    // ── The seller sees the request and invites the store in one click ─────────────────
    await page.reload();
    const requests = page.getByRole('region', { name: 'Requests to order' });
    await expect.poll(() => requests.getByText('Maple Street Market').isVisible()).toBe(true);
    expect(await requests.textContent()).toContain('Could we start with 6 cases of the fig jam?');
    await requests.getByRole('button', { name: 'Invite Maple Street Market' }).click();
    await expect.poll(() => toast(page, `Invite sent to rosa-${stamp}@example.com`).isVisible()).toBe(true);
    await expect.poll(() => requests.getByText(/^Invited /).isVisible()).toBe(true);
    await page.screenshot({
      path: `${SHOTS}/line-sheet-request-invited-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });
    // The same editor on the seller's phone: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/line-sheet-editor-phone.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await sellerNav(page, 'Invites').click();
    await expect.poll(() => page.getByText(`rosa-${stamp}@example.com`).isVisible()).toBe(true);

    // ── Revoked: the link no longer opens the sheet ─────────────────────────────────────
    await page.goBack();
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Revoke link' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Create share link' }).isVisible()).toBe(true);
    await visitor.reload();
    await expect
      .poll(() => visitor.getByRole('heading', { name: 'This line sheet link is not valid' }).isVisible())
      .toBe(true);
    expect(await visitor.getByText('Maple Street Market').count()).toBe(0);
    await visitor.screenshot({ path: `${SHOTS}/line-sheet-revoked-phone.png`, animations: 'disabled' });

    expect(problems).toEqual([]);
    expect(visitorProblems).toEqual([]);
    await context.close();
    await phone.close();
  }, 180_000);
});
