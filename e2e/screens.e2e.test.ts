/**
 * Every screen, at desktop (1280×900) and phone (390×844) width, signed out, as a seller and as
 * a buyer, on a store with photos, customers and orders: each one finishes loading (no skeleton
 * or spinner left), has one h1, does not scroll sideways, passes axe, and is saved as a
 * screenshot under test-results/screens/ to be looked at (issue 12).
 *
 * The journeys of each area test what the screens do; this one holds every screen to the bar.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { journeyScene, SHOTS } from './support/scene.js';
import { expectNoAxeViolations } from './support/axe.js';
import { signInOnProviderPage, watchForProblems } from './support/journey.js';
import { apiUser, cardReadyStore, invitedRetailer, liveProducts, paidOrder, uploadPhoto } from './support/seed.js';

const scene = journeyScene();
const DIR = `${SHOTS}/screens`;

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type Width = keyof typeof VIEWPORTS;

interface Screen {
  /** File name and label: `seller-products` → test-results/screens/seller-products-desktop.png. */
  name: string;
  path: string;
  /** The page's one h1, once it has loaded. */
  heading: string | RegExp;
  /** Text shown only once the screen's slowest part has loaded (a form that loads after the page). */
  shows?: RegExp;
}

/** Waits until the screen has painted its content: its heading, and no skeleton or spinner. */
async function settled(page: Page, screen: Screen) {
  const h1 = page.locator('h1');
  await expect.poll(() => h1.count(), { message: `${screen.name}: one h1` }).toBe(1);
  await expect
    .poll(async () => (await h1.textContent())?.trim(), { message: `${screen.name}: its heading` })
    .toMatch(typeof screen.heading === 'string' ? new RegExp(`^${escape(screen.heading)}$`) : screen.heading);
  await expect
    .poll(
      () =>
        page
          .locator('.MuiSkeleton-root:visible, .MuiCircularProgress-root:visible, [aria-busy="true"]:visible')
          .count(),
      { message: `${screen.name}: still loading` },
    )
    .toBe(0);
  if (screen.shows) {
    await expect
      .poll(() => page.getByLabel(screen.shows!).first().isVisible(), { message: `${screen.name}: ${screen.shows}` })
      .toBe(true);
  }
  // Photos are part of what a person sees: wait for the ones in view to be decoded.
  await page.evaluate(async () => {
    const images = [...document.images].filter(
      (img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < innerHeight,
    );
    await Promise.all(images.map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))));
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Visits each screen at both widths in one signed-in context; returns what failed. */
async function tour(context: BrowserContext, page: Page, who: string, screens: Screen[]) {
  for (const width of Object.keys(VIEWPORTS) as Width[]) {
    await page.setViewportSize(VIEWPORTS[width]);
    for (const screen of screens) {
      await page.goto(`${scene.server.url}${screen.path}`);
      await settled(page, screen);
      expect(
        await sidewaysOverflow(page),
        `${who} ${screen.name} at ${width} width scrolls sideways`,
      ).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `${screen.name} (${width})`);
      // Photos, logos and covers come as their stored copies, never as the upload itself.
      const originals = await page.evaluate(() =>
        [...document.images].map((img) => img.currentSrc).filter((src) => /\/original\.\w+$/.test(src)),
      );
      expect(originals, `${who} ${screen.name} at ${width} width loads an original upload`).toEqual([]);
      await page.screenshot({ path: `${DIR}/${screen.name}-${width}.png`, fullPage: true, animations: 'disabled' });
    }
  }
  void context;
}

describe('every screen at desktop and phone width', () => {
  it('signed out, seller and buyer screens load completely, fit the width and pass axe', async () => {
    fs.mkdirSync(DIR, { recursive: true });
    const base = scene.server.url;
    const stamp = Date.now();

    // ── The scene: a store with photos, a customer with orders, a pending invite ────────
    const seller = await apiUser(base, `juniper-${stamp}@example.com`);
    const store = await cardReadyStore(seller, 'Juniper Soap Co');
    const photos = await Promise.all(
      ['#7c9a6d', '#c98b5a', '#6d7c9a'].map((colour) => uploadPhoto(base, seller, store.id, colour)),
    );
    // A logo and a cover larger than their largest copies: screens must show the copies.
    const logo = await uploadPhoto(base, seller, store.id, '#5b3fc4', { purpose: 'logo', width: 1400, height: 1400 });
    const cover = await uploadPhoto(base, seller, store.id, '#2f6f5e', { purpose: 'splash', width: 2400, height: 800 });
    await seller.call('PUT', '/api/organization/image_set', {
      organization_id: store.id,
      logo: { id: logo },
      splash_image: { id: cover },
    });
    const [soapId, candleId] = await liveProducts(seller, store.id, [
      {
        name: 'Lavender Oat Soap',
        priceCents: 450,
        msrpCents: 900,
        photos: [photos[0]!, photos[1]!],
        description: 'Cold-process soap with oat milk and lavender from the Hill Country.',
        trackInventory: true,
      },
      { name: 'Cedar Candle', priceCents: 1_200, msrpCents: 2_400, photos: [photos[2]!] },
      { name: 'Unscented Bar', priceCents: 300, msrpCents: 600 },
    ]);
    await seller.call('POST', '/api/inventory/transaction', { count: 240, product: { id: soapId } });
    const { buyer, buyerOrgId } = await invitedRetailer(
      base,
      seller,
      store.id,
      `rosa-${stamp}@example.com`,
      'Corner Pantry',
    );
    const orderId = await paidOrder(buyer, buyerOrgId, store.id, { [soapId!]: 12, [candleId!]: 2 });
    await paidOrder(buyer, buyerOrgId, store.id, { [candleId!]: 4 });
    await seller.call('PUT', `/api/order/${orderId}/shipping`, {
      carrier: 'USPS',
      tracking_number: '9400111899223856928499',
    });
    await seller.call('POST', '/api/invite/purchaser', {
      to_organization_id: store.id,
      to_emails: [`new-${stamp}@example.com`],
    });
    // The buyer's next order is in the cart, so checkout has something to show.
    const cart = await buyer.call<{ id: string; order: { id: string } }>(
      'GET',
      `/api/cart/selling_organization/${store.id}/purchasing_organization/${buyerOrgId}`,
    );
    await buyer.call('PUT', `/api/cart/${cart.id}/line_item`, { product_id: soapId, quantity: 24 });
    const [savedAddress] = await buyer.call<Array<{ address: { id: string } }>>(
      'GET',
      `/api/address/organization/${buyerOrgId}`,
    );
    await buyer.call('POST', `/api/order/${cart.order.id}/shipping_address?address_id=${savedAddress!.address.id}`);
    const invites = await seller.call<Array<{ id: string; send_to_email: string }>>(
      'GET',
      `/api/invite/organization/${store.id}`,
    );
    const pendingInvite = invites.find((i) => i.send_to_email === `new-${stamp}@example.com`)!;
    // A shared line sheet of two products (issue 25 part 3).
    const lineSheet = await seller.call<{ id: string }>('POST', `/api/organization/${store.id}/line-sheets`, {
      title: 'Spring soaps',
      note: 'Cold-process soaps and candles, made in small batches.',
      product_ids: [soapId, candleId],
    });
    const { share_token: lineSheetToken } = await seller.call<{ share_token: string }>(
      'POST',
      `/api/line-sheets/${lineSheet.id}/share`,
      {},
    );
    // Orders the seller wrote (issue 25 part 2): a draft, and one sent to the buyer.
    const proposals = `/api/organization/${store.id}/proposals`;
    const draftProposal = await seller.call<{ id: string }>('POST', proposals, {
      purchaser_organization_id: buyerOrgId,
      note: 'From the spring show.',
      discount_percent: 10,
      lines: [
        { product_id: soapId, quantity: 12 },
        { product_id: candleId, quantity: 2 },
      ],
    });
    const sentProposal = await seller.call<{ id: string }>('POST', proposals, {
      purchaser_organization_id: buyerOrgId,
      note: 'The candles we talked about.',
      lines: [{ product_id: candleId, quantity: 4 }],
    });
    await seller.call('POST', `${proposals}/${sentProposal.id}/send`, {});

    // ── Signed out ────────────────────────────────────────────────────────────────────
    const visitor = await scene.browser.newContext();
    const visitorProblems = watchForProblems(visitor);
    const visitorPage = await visitor.newPage();
    await tour(visitor, visitorPage, 'visitor', [
      { name: 'landing', path: '/', heading: /.+/ },
      { name: 'terms-of-service', path: '/terms', heading: /Terms/ },
      { name: 'privacy', path: '/privacy', heading: /Privacy/ },
      { name: 'invite-accept', path: `/invite/${pendingInvite.id}`, heading: /Juniper Soap Co/ },
      { name: 'line-sheet-shared', path: `/line-sheet/${lineSheetToken}`, heading: 'Spring soaps' },
      { name: 'not-found', path: '/404', heading: /.+/ },
    ]);
    expect(visitorProblems).toEqual([]);
    await visitor.close();

    // ── The seller ──────────────────────────────────────────────────────────────────────
    const sellerContext = await scene.browser.newContext({ viewport: VIEWPORTS.desktop });
    const sellerProblems = watchForProblems(sellerContext);
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`${base}/app/${store.id}/welcome`);
    await signInOnProviderPage(sellerPage, seller.email, seller.password);
    await sellerPage.waitForURL(/\/welcome$/);
    const app = `/app/${store.id}`;
    const priceList = await seller.call<{ id: string }>('POST', `/api/organization/${store.id}/price_lists`, {
      name: 'Distributor',
      percent_off: 20,
    });
    await tour(sellerContext, sellerPage, 'seller', [
      { name: 'seller-welcome', path: `${app}/welcome`, heading: 'Welcome! To set up your store, start here' },
      { name: 'seller-dashboard', path: app, heading: 'Dashboard' },
      { name: 'seller-orders', path: `${app}/orders`, heading: 'Orders' },
      { name: 'seller-products', path: `${app}/products`, heading: 'Products' },
      { name: 'seller-product-edit', path: `${app}/products/${soapId}`, heading: 'Edit Product' },
      { name: 'seller-product-new', path: `${app}/products/add`, heading: 'Add New' },
      { name: 'seller-import', path: `${app}/products/import`, heading: 'Import products' },
      { name: 'seller-line-sheets', path: `${app}/line-sheets`, heading: 'Line sheets' },
      { name: 'seller-line-sheet', path: `${app}/line-sheets/${lineSheet.id}`, heading: 'Spring soaps' },
      { name: 'seller-customers', path: `${app}/customers`, heading: 'Customers' },
      { name: 'seller-customer', path: `${app}/customers/${buyerOrgId}`, heading: 'Corner Pantry' },
      { name: 'seller-price-lists', path: `${app}/price-lists`, heading: 'Price lists' },
      { name: 'seller-price-list', path: `${app}/price-lists/${priceList.id}`, heading: 'Distributor' },
      { name: 'seller-proposals', path: `${app}/proposals`, heading: 'Written orders' },
      { name: 'seller-proposal', path: `${app}/proposals/${draftProposal.id}`, heading: 'Order P-1001' },
      { name: 'seller-invoices', path: `${app}/invoices`, heading: 'Invoices' },
      { name: 'seller-team', path: `${app}/team`, heading: 'Team' },
      { name: 'seller-invites', path: `${app}/invites`, heading: /Invite/ },
      { name: 'seller-terms', path: `${app}/terms`, heading: /Terms/ },
      { name: 'seller-onboarding', path: `${app}/onboarding`, heading: /.+/ },
      { name: 'seller-business-info', path: `${app}/business-info`, heading: /.+/ },
      { name: 'seller-payments', path: `${app}/organization/onboarding/stripe-connect`, heading: /Payments/ },
    ]);
    expect(sellerProblems).toEqual([]);
    await sellerContext.close();

    // ── The buyer ───────────────────────────────────────────────────────────────────────
    const buyerContext = await scene.browser.newContext({ viewport: VIEWPORTS.desktop });
    const buyerProblems = watchForProblems(buyerContext);
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto(`${base}/storefront/all`);
    await signInOnProviderPage(buyerPage, buyer.email, buyer.password);
    await buyerPage.waitForURL(/\/storefront\/all$/);
    const shop = `/storefront/${store.id}`;
    await tour(buyerContext, buyerPage, 'buyer', [
      { name: 'buyer-your-stores', path: '/storefront/all', heading: 'Your Stores' },
      { name: 'buyer-storefront', path: shop, heading: 'Juniper Soap Co' },
      { name: 'buyer-quick-order', path: `${shop}?tab=quick-order`, heading: 'Juniper Soap Co', shows: /^Quantity of / },
      { name: 'buyer-product', path: `${shop}/product/${soapId}`, heading: 'Lavender Oat Soap' },
      { name: 'buyer-checkout', path: `${shop}/checkout`, heading: /.+/ },
      { name: 'buyer-billing', path: `${shop}/billing`, heading: 'Shipping & Payment', shows: /^Card number/ },
      { name: 'buyer-orders', path: `${shop}/orders`, heading: 'Orders' },
      { name: 'buyer-proposal', path: `${shop}/proposals/${sentProposal.id}`, heading: 'Order P-1002' },
      { name: 'buyer-team', path: `/storefront/team/${buyerOrgId}`, heading: 'Team' },
      { name: 'buyer-store-not-found', path: `${shop}/no-such-page`, heading: /.+/ },
    ]);
    expect(buyerProblems).toEqual([]);
    await buyerContext.close();
  });
});
