/**
 * Issue 25 part 5, on the production build: a seller requires a valid resale certificate before a
 * new customer's first order; the retailer, on a 390 px phone, is stopped at the payment step with
 * the reason and a link, uploads its certificate (state, number, expiry, the PDF) and comes back to
 * a card form that opens; the seller, at 1280 px, sees the certificate on the customer's page (state,
 * number, expiry, Valid, the requirement on) and opens the file. Axe on each screen; screenshots.
 */
import { describe, expect, it } from 'vitest';
import { RESALE_CERTIFICATE_REQUIRED_MESSAGE } from '@cratebase/contract';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { horizontalOverflow, signInOnProviderPage, toast, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, cartAtBilling, invitedRetailer, liveProducts } from './support/seed.js';

const scene = journeyScene();
// The checkout's notice (storefront/resale-certificate/components/CertificateNotice.tsx).
const CERTIFICATE_NOTICE_TEXT = 'This store asks for a valid resale certificate before your first order.';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('resale certificates journey', () => {
  it('the retailer uploads its certificate on a phone when the seller requires one; the seller sees it', async () => {
    const stamp = Date.now();
    const seller = await apiUser(scene.server.url, `juniper-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Juniper Supply');
    const [teaId] = await liveProducts(seller, store.id, [{ name: 'Juniper Tea', priceCents: 1_200, msrpCents: 2_400 }]);
    await seller.call('PUT', `/api/organization/${store.id}/resale_certificate_requirement`, { required: true });
    const { buyer, buyerOrgId } = await invitedRetailer(
      scene.server.url,
      seller,
      store.id,
      `pia-${stamp}@example.com`,
      'Pia’s Pantry',
    );
    await cartAtBilling(buyer, buyerOrgId, store.id, { [teaId!]: 6 });

    // The retailer at the payment step on a phone: refused with the reason and the way on.
    const phone = await scene.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phoneProblems = watchForProblems(phone);
    const page = await phone.newPage();
    // Step 1 already says what the store asks for.
    await page.goto(`${scene.server.url}/storefront/${store.id}/checkout`);
    await signInOnProviderPage(page, buyer.email, buyer.password);
    await page.waitForURL(`**/storefront/${store.id}/checkout`);
    await expect.poll(() => page.getByText(CERTIFICATE_NOTICE_TEXT).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'checkout step 1 with the certificate notice (phone)');
    await page.screenshot({ path: `${SHOTS}/resale-certificate-notice-phone.png`, fullPage: true, animations: 'disabled' });
    // The payment step refuses it, with the reason and the way on.
    await page.goto(`${scene.server.url}/storefront/${store.id}/billing`);
    await page.waitForURL(`**/storefront/${store.id}/billing`);
    await expect.poll(() => page.getByText(RESALE_CERTIFICATE_REQUIRED_MESSAGE).isVisible()).toBe(true);
    const upload = page.getByRole('link', { name: 'Upload your resale certificate' });
    expect(await upload.isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'billing refused without a resale certificate (phone)');
    await page.screenshot({ path: `${SHOTS}/resale-certificate-required-phone.png`, fullPage: true, animations: 'disabled' });

    await upload.click();
    await page.waitForURL(`**/storefront/resale-certificate/${buyerOrgId}?next=*`);
    await expect.poll(() => page.getByRole('heading', { name: 'Upload your certificate' }).isVisible()).toBe(true);
    await page.getByLabel('State').selectOption('CA');
    await page.getByLabel('Certificate number').fill('SR FH 100-123456');
    await page.getByLabel('Expires on').fill(inDays(400));
    await page.getByTestId('resale-certificate-file').setInputFiles({
      name: 'resale-certificate-CA.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect.poll(() => page.getByText(/resale-certificate-CA\.pdf · 1 KB/).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the resale certificate form (phone)');
    await page.screenshot({ path: `${SHOTS}/resale-certificate-form-phone.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Save certificate' }).click();
    await expect.poll(() => toast(page, 'Resale certificate saved').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Valid', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('California').isVisible()).toBe(true);
    expect(await page.getByText('SR FH 100-123456').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'the resale certificate on file (phone)');
    await page.screenshot({ path: `${SHOTS}/resale-certificate-saved-phone.png`, fullPage: true, animations: 'disabled' });

    // Back at the payment step: the card form opens now.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`**/storefront/${store.id}/billing`);
    await expect.poll(() => page.getByRole('button', { name: /^Pay \$/ }).isVisible()).toBe(true);
    expect(await page.getByText(RESALE_CERTIFICATE_REQUIRED_MESSAGE).count()).toBe(0);
    expect(phoneProblems).toEqual([]);
    await phone.close();

    // The seller at 1280 px: the customer's page shows the certificate and the requirement.
    const desk = await scene.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const deskProblems = watchForProblems(desk);
    const sellerPage = await desk.newPage();
    await sellerPage.goto(`${scene.server.url}/app/${store.id}/customers/${buyerOrgId}`);
    await signInOnProviderPage(sellerPage, seller.email, seller.password);
    await sellerPage.waitForURL(`**/app/${store.id}/customers/${buyerOrgId}`);
    const card = sellerPage.getByRole('region', { name: 'Resale certificate' });
    await expect.poll(() => card.getByText('SR FH 100-123456').isVisible()).toBe(true);
    expect(await card.getByText('California').isVisible()).toBe(true);
    expect(await card.getByText('Valid', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByLabel('Require a valid resale certificate before a customer’s first order').isChecked()).toBe(true);
    await expectNoAxeViolations(sellerPage, 'the customer page with its resale certificate');
    await sellerPage.screenshot({ path: `${SHOTS}/resale-certificate-customer-desktop.png`, fullPage: true, animations: 'disabled' });

    // The owner switches the requirement off and on again from the card.
    const requirement = card.getByLabel('Require a valid resale certificate before a customer’s first order');
    await requirement.click();
    await expect.poll(() => toast(sellerPage, 'New customers can order without a resale certificate').isVisible()).toBe(true);
    expect(await requirement.isChecked()).toBe(false);
    await requirement.click();
    await expect
      .poll(() => toast(sellerPage, 'New customers now need a valid resale certificate before their first order').isVisible())
      .toBe(true);
    expect(await requirement.isChecked()).toBe(true);
    // The card fits a phone too.
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(sellerPage)).toBe(0);
    await sellerPage.screenshot({ path: `${SHOTS}/resale-certificate-customer-phone.png`, fullPage: true, animations: 'disabled' });
    await sellerPage.setViewportSize({ width: 1280, height: 900 });

    // The file opens in a new tab, fetched with the seller's token.
    const [tab] = await Promise.all([
      desk.waitForEvent('page'),
      card.getByRole('button', { name: 'View resale-certificate-CA.pdf' }).click(),
    ]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    expect(deskProblems).toEqual([]);
    await desk.close();
  });
});
