/**
 * Issue 3, on the production build: a new seller customizes the store (a square logo, a wide
 * cover, a slogan), sets wholesale terms, adds a shipping address and package, creates two
 * products with photos (one Live, one Draft), reorders a product's photos with the keyboard,
 * imports a 50-row catalogue CSV, watches the Configure badge drop from 5 to 2 and deletes a
 * product.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { startServer, type RunningServer } from './support/server.js';
import { launchBrowser } from './support/browser.js';
import { expectNoAxeViolations, expectSkipLinkToMain } from './support/axe.js';
import { expectSetupStepsLeft, newSeller, openSellerSection, toast } from './support/journey.js';

const PRODUCT_SAVED = 'Product Updated! You can now view your updated product in your store.';
const SHOTS = 'test-results';

let server: RunningServer;
let browser: Browser;
let files: string;

/** Real image files, made the way a phone or an editor would save them. */
async function makeImages(dir: string) {
  const square = (color: string) => ({ create: { width: 600, height: 600, channels: 3 as const, background: color } });
  const logo = path.join(dir, 'juniper-logo.png');
  const cover = path.join(dir, 'juniper-cover.jpg');
  const red = path.join(dir, 'chili-oil-front.png');
  const blue = path.join(dir, 'chili-oil-label.jpg');
  const green = path.join(dir, 'garlic-salt.png');
  // A logo with a mark on it, so the preview is not a flat square.
  const mark = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="180" fill="#f2b64c"/></svg>',
  );
  await Promise.all([
    sharp(square('#6e56cf'))
      .composite([{ input: mark }])
      .png()
      .toFile(logo),
    sharp({ create: { width: 1600, height: 600, channels: 3, background: '#2f6f5e' } })
      .jpeg({ quality: 80 })
      .toFile(cover),
    sharp(square('#c8372d')).png().toFile(red),
    sharp(square('#2b59c3')).jpeg({ quality: 85 }).toFile(blue),
    sharp(square('#4f8a3c')).png().toFile(green),
  ]);
  return { logo, cover, red, blue, green };
}

/** A catalogue spreadsheet saved as CSV: 50 products with every documented column. */
function makeCatalogCsv(dir: string): string {
  const header =
    'name,description,sku,upc,order_unit,quantity_per_unit,wholesale_price,retail_price,weight,weight_unit,status,inventory';
  const units = ['Each', 'Case', 'Pack', 'Box', 'Dozen'];
  const weights = ['lb', 'oz', 'kg', 'g'];
  const rows = Array.from({ length: 50 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return [
      `Pantry Staple ${n}`,
      `"Small-batch, made by hand (lot ${n})"`,
      `PS-${n}`,
      `0123456789${n}`,
      units[i % units.length],
      String((i % 4) * 6 || 1),
      `${10 + i}.${String((i * 7) % 100).padStart(2, '0')}`,
      `${20 + i}.99`,
      `${1 + (i % 5)}.5`,
      weights[i % weights.length],
      i % 3 === 0 ? 'Draft' : 'Live',
      String(i * 3),
    ].join(',');
  });
  const file = path.join(dir, 'juniper-catalog.csv');
  fs.writeFileSync(file, `${header}\n${rows.join('\n')}\n`);
  return file;
}

/** A text field by its label (required fields' asterisks are not part of the name). */
function field(scope: Page | Locator, label: string) {
  return scope.getByRole('textbox', { name: label, exact: true });
}

/** Picks an option of a labelled MUI select. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Keeps pressing Load more, like a person scrolling to the end of the list, until the table
 * holds `expected` products (header row excluded).
 */
async function expectProductCountAfterLoadingAll(page: Page, expected: number) {
  const table = page.getByRole('table', { name: 'Products' });
  const more = page.getByRole('button', { name: 'Load more', exact: true });
  await expect
    .poll(
      async () => {
        if ((await more.isVisible()) && (await more.isEnabled())) await more.click();
        return (await table.getByRole('row').count()) - 1;
      },
      { timeout: 30_000 },
    )
    .toBe(expected);
  expect(await more.count()).toBe(0);
}

/** A photo tile of the product form, by its position ("Photo 1 of 2 (main photo)"). */
function photoTile(page: Page, name: string) {
  return page.getByRole('button', { name: `${name}. Drag to reorder.` });
}

/**
 * What a person sees in a photo tile: the colour in its middle, named. The test photos are
 * plain red, blue and green squares; 'none' while the picture has not loaded.
 */
async function photoColour(page: Page, name: string): Promise<'red' | 'blue' | 'green' | 'none'> {
  const shot = await photoTile(page, name).screenshot();
  const { width = 0, height = 0 } = await sharp(shot).metadata();
  const [r = 0, g = 0, b = 0] = await sharp(shot)
    .extract({ left: Math.floor(width / 2), top: Math.floor(height / 2), width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer();
  if (Math.min(r, g, b) > 200) return 'none';
  if (r > g && r > b) return 'red';
  if (b > r && b > g) return 'blue';
  return 'green';
}

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'cratebase-catalogue-'));
  fs.mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

describe('seller catalogue journey', () => {
  it('customizes the store, sets terms and shipping, builds a catalogue and imports a CSV', async () => {
    const images = await makeImages(files);
    const csv = makeCatalogCsv(files);
    const seller = await newSeller(browser, server.url, {
      email: `catalogue-${Date.now()}@example.com`,
      businessName: 'Juniper & Vine',
    });
    const { page, orgId } = seller;
    await expectSetupStepsLeft(page, 5);
    await expectNoAxeViolations(page, 'Welcome');

    // Step 1 of the checklist: Customize Your Store.
    await page.getByRole('link', { name: 'Customize: 1. Customize Your Store' }).click();
    await page.waitForURL(`**/app/${orgId}/onboarding`);
    await expect.poll(() => page.getByRole('heading', { name: 'Customize Your Store' }).isVisible()).toBe(true);
    // A wide picture is not a logo: refused with a message saying why.
    await page.getByLabel('Upload brand logo').setInputFiles(images.cover);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'The logo must be square' }).isVisible())
      .toBe(true);
    await page.getByLabel('Upload brand logo').setInputFiles(images.logo);
    await expect.poll(() => page.getByRole('img', { name: 'Current brand logo' }).isVisible()).toBe(true);
    await page.getByLabel('Upload cover photo').setInputFiles(images.cover);
    await expect.poll(() => page.getByRole('img', { name: 'Current cover photo' }).isVisible()).toBe(true);
    // The images are served and decodable by the browser.
    for (const name of ['Current brand logo', 'Current cover photo']) {
      await expect
        .poll(() =>
          page.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
    const slogan = 'Small-batch pantry goods from the Hudson Valley.';
    await page.getByLabel('Slogan').fill(slogan);
    const preview = page.getByRole('complementary', { name: 'Storefront preview' });
    await expect.poll(() => preview.getByText(slogan).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Customize Your Store');
    await page.screenshot({
      path: `${SHOTS}/catalogue-store-setup-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`**/app/${orgId}/welcome`);
    await expect.poll(() => page.getByRole('link', { name: 'Edit store: 1. Customize Your Store' }).isVisible()).toBe(true);
    await expectSetupStepsLeft(page, 4);

    // Terms: typed like a person, saved after a pause, survives a reload.
    await openSellerSection(page, 'Terms');
    const newCustomers = page.getByRole('region', { name: 'New customers' });
    await newCustomers.getByLabel('Minimum items per order').pressSequentially('12');
    await newCustomers.getByLabel('Minimum order value').pressSequentially('150.00');
    await expect.poll(() => page.getByRole('status').getByText('Saved', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Your wholesale order must cost at least $150.00 to checkout.').isVisible())
      .toBe(true);
    await expectSetupStepsLeft(page, 3);
    await expectNoAxeViolations(page, 'Terms');
    await page.screenshot({ path: `${SHOTS}/catalogue-terms-desktop.png`, fullPage: true, animations: 'disabled' });
    await page.reload();
    await expect.poll(() => newCustomers.getByLabel('Minimum order value').inputValue()).toBe('150.00');
    expect(await newCustomers.getByLabel('Minimum items per order').inputValue()).toBe('12');

    // Step 6: the address and package dialog on the welcome page.
    await page.getByRole('link', { name: 'Configure' }).click();
    await page.waitForURL(`**/app/${orgId}/welcome`);
    await page.getByRole('button', { name: 'Add shipping details: 6. Add Shipping Details' }).click();
    const shipping = page.getByRole('dialog', { name: 'Add Shipping Details' });
    await field(shipping, 'Height').fill('10');
    await field(shipping, 'Width').fill('12');
    await field(shipping, 'Length').fill('16.5');
    await field(shipping, 'Address').fill('48 Orchard Lane');
    await field(shipping, 'City').fill('Hudson');
    await choose(page, 'State', 'New York');
    await expectNoAxeViolations(page, 'Add Shipping Details dialog');
    await shipping.getByLabel('Postal Code').pressSequentially('12534-9');
    expect(await shipping.getByLabel('Postal Code').inputValue()).toBe('12534');
    await shipping.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => shipping.isVisible()).toBe(false);
    await expect.poll(() => toast(page, 'Shipping details saved.').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Edit shipping details: 6. Add Shipping Details' }).isVisible())
      .toBe(true);
    // Shipping is half of the payments step, so the badge does not move.
    await expectSetupStepsLeft(page, 3);

    // Product 1 (Live) with two photos, through Add New Product.
    await openSellerSection(page, 'Products');
    await expect.poll(() => page.getByText("Products haven't been added yet.").isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Products (empty)');
    await page.getByRole('link', { name: 'Add New Product' }).first().click();
    await page.waitForURL(`**/app/${orgId}/products/add`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await field(page, 'Name').fill('Smoked Chili Oil');
    await field(page, 'Description').fill('Cold-pressed oil with smoked chilies.\nShake well.');
    await field(page, 'SKU').fill('JV-CHILI-8');
    await page.getByLabel('Upload product photos').setInputFiles([images.red, images.blue]);
    await expect.poll(() => photoTile(page, 'Photo 2 of 2').isVisible()).toBe(true);
    await field(page, 'Wholesale Price').pressSequentially('42.00');
    await field(page, 'Retail Price').pressSequentially('9.99');
    await choose(page, 'Wholesale Order Unit', 'Case');
    await field(page, 'Number of Retail Units Per Order Unit').fill('6');
    await field(page, 'Weight').fill('5.5');
    await choose(page, 'Product Status', 'Live');
    await expectNoAxeViolations(page, 'Add New Product');
    await save.click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const chiliUrl = page.url();
    await expect.poll(() => toast(page, PRODUCT_SAVED).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Product' }).isVisible()).toBe(true);
    await expectSetupStepsLeft(page, 2);
    await expectNoAxeViolations(page, 'Edit Product');
    await page.screenshot({
      path: `${SHOTS}/catalogue-product-form-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // Reorder its photos with the keyboard: the second becomes the main photo, and stays so.
    await expect.poll(() => photoColour(page, 'Photo 1 of 2 (main photo)')).toBe('red');
    await expect.poll(() => photoColour(page, 'Photo 2 of 2')).toBe('blue');
    await photoTile(page, 'Photo 1 of 2 (main photo)').focus();
    // Each key waits for what a screen reader announces, as a person waits for the tile to move.
    // (dnd-kit starts listening for the arrow keys one task after the drag starts, hence the
    // round trip through the page's task queue after each key.)
    const announced = (text: string) => page.getByRole('status').filter({ hasText: text }).count();
    const press = async (key: string) => {
      await page.keyboard.press(key);
      await page.evaluate(() => new Promise((done) => setTimeout(done)));
    };
    await press('Space');
    await expect.poll(() => announced('Photo 1 of 2 is over position 1 of 2.')).toBe(1);
    await press('ArrowRight');
    await expect.poll(() => announced('Photo 1 of 2 is over position 2 of 2.')).toBe(1);
    await press('Space');
    await expect.poll(() => announced('Photo moved to position 2 of 2.')).toBe(1);
    await expect.poll(() => photoColour(page, 'Photo 1 of 2 (main photo)')).toBe('blue');
    await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
    await save.click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    await page.reload();
    await expect.poll(() => photoColour(page, 'Photo 1 of 2 (main photo)')).toBe('blue');
    await expect.poll(() => photoColour(page, 'Photo 2 of 2')).toBe('red');
    await page.screenshot({ path: `${SHOTS}/catalogue-photos-reordered-desktop.png`, animations: 'disabled' });

    // Product 2 (Draft) with one photo.
    await page.getByRole('link', { name: 'Back to products' }).click();
    await page.waitForURL(`**/app/${orgId}/products`);
    await page.getByRole('link', { name: 'Add New Product' }).first().click();
    await page.waitForURL(`**/app/${orgId}/products/add`);
    await field(page, 'Name').fill('Black Garlic Salt');
    await field(page, 'Description').fill('Fermented black garlic and sea salt.');
    await page.getByLabel('Upload product photos').setInputFiles(images.green);
    await expect.poll(() => photoTile(page, 'Photo 1 of 1 (main photo)').isVisible()).toBe(true);
    await field(page, 'Wholesale Price').pressSequentially('18.50');
    await field(page, 'Retail Price').pressSequentially('6.50');
    await choose(page, 'Wholesale Order Unit', 'Pack');
    await field(page, 'Number of Retail Units Per Order Unit').fill('4');
    await field(page, 'Weight').fill('12');
    await choose(page, 'Weight Unit', 'oz');
    const savedAt = Date.now();
    await save.click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const garlicUrl = page.url();
    expect(garlicUrl).not.toBe(chiliUrl);
    const savedToast = toast(page, PRODUCT_SAVED);
    await expect.poll(() => savedToast.isVisible()).toBe(true);

    // The list: both products, Live and Draft, with their photos.
    await page.getByRole('link', { name: 'Back to products' }).click();
    await page.waitForURL(`**/app/${orgId}/products`);
    const table = page.getByRole('table', { name: 'Products' });
    const chiliRow = table.getByRole('row').filter({ hasText: 'Smoked Chili Oil' });
    const garlicRow = table.getByRole('row').filter({ hasText: 'Black Garlic Salt' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await expect
      .poll(() => chiliRow.getByText('Live', { exact: true }).filter({ visible: true }).isVisible())
      .toBe(true);
    expect(await chiliRow.getByText('$42.00').isVisible()).toBe(true);
    await expect
      .poll(() => garlicRow.getByText('Draft', { exact: true }).filter({ visible: true }).isVisible())
      .toBe(true);
    expect(await chiliRow.getByRole('img', { name: 'No photo' }).count()).toBe(0);
    expect(await garlicRow.getByRole('img', { name: 'No photo' }).count()).toBe(0);
    // The saved toast stays about 6 seconds (spec), then goes by itself.
    await expect.poll(() => savedToast.isVisible(), { timeout: 30_000, interval: 250 }).toBe(false);
    // At least its 6 seconds; how much longer depends on how busy the machine is.
    expect(Date.now() - savedAt).toBeGreaterThan(5_500);

    // CSV import: preview first, then import; 50 new products.
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.waitForURL(`**/app/${orgId}/products/import`);
    await expectNoAxeViolations(page, 'Import');
    await page.getByLabel('Choose a CSV file').setInputFiles(csv);
    const previewCard = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => previewCard.isVisible()).toBe(true);
    const rows = page.getByRole('table', { name: 'Rows in the file' });
    await expect.poll(() => rows.getByText('Pantry Staple 01', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Import preview');
    await page.screenshot({
      path: `${SHOTS}/catalogue-import-preview-desktop.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.getByRole('button', { name: 'Import 50 products' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Import complete' }).textContent(), { timeout: 30_000 })
      .toContain('50 rows imported: 50 new, 0 updated');
    await page.getByRole('link', { name: 'View products' }).click();
    await page.waitForURL(`**/app/${orgId}/products`);
    await expectProductCountAfterLoadingAll(page, 52);
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'SKU PS-50' }).count()).toBe(1);
    await expectSetupStepsLeft(page, 2);
    await page.getByRole('heading', { name: 'Products', exact: true }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'Products');
    await page.screenshot({ path: `${SHOTS}/catalogue-products-desktop.png`, animations: 'disabled' });
    // From the keyboard: skip the side panel, and see where focus is.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Products', exact: true }).isVisible()).toBe(true);
    await expectSkipLinkToMain(page);
    await page.screenshot({ path: `${SHOTS}/catalogue-products-keyboard-focus-desktop.png`, animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'Products at phone width');
    await page.getByRole('heading', { name: 'Products', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/catalogue-products-phone.png`, animations: 'disabled' });
    await page.setViewportSize({ width: 1280, height: 860 });

    // Delete the Draft product: find it, open it, confirm, back to the list, and it is gone.
    await page.getByLabel('Search by name or SKU').fill('garlic');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await garlicRow.click();
    await page.waitForURL(garlicUrl);
    await page.getByRole('button', { name: 'Delete Product' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this product?' });
    await confirm.getByRole('button', { name: 'Delete Product' }).click();
    await page.waitForURL(`**/app/${orgId}/products`);
    await expect.poll(() => toast(page, '“Black Garlic Salt” was removed from your catalog.').isVisible()).toBe(true);
    await expectProductCountAfterLoadingAll(page, 51);
    expect(await table.getByText('Black Garlic Salt').count()).toBe(0);
    await page.getByLabel('Search by name or SKU').fill('Black Garlic');
    await expect.poll(() => page.getByText('No products match “Black Garlic”.').isVisible()).toBe(true);
    // Its page now says so instead of showing the form.
    await page.goto(garlicUrl);
    await expect
      .poll(() => page.getByRole('heading', { name: 'This product could not be found' }).isVisible())
      .toBe(true);

    // Issue 27: the status tabs count each status; a SKU search, select what it found, and set
    // their status at once; the Archived tab then holds them.
    await page.goto(`${new URL(page.url()).origin}/app/${orgId}/products`);
    const tabs = page.getByRole('tablist', { name: 'Filter by status' });
    await expect.poll(() => tabs.getByRole('tab', { name: 'All (51)' }).isVisible()).toBe(true);
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['All (51)', 'Draft (17)', 'Live (34)', 'Archived (0)']);
    await page.getByLabel('Search by name or SKU').fill('PS-0');
    await expect.poll(() => table.getByRole('row').count()).toBe(10);
    await table.getByRole('checkbox', { name: 'Select all products shown' }).check();
    const bulk = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect.poll(() => bulk.getByRole('status').textContent()).toBe('9 selected');
    await bulk.getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: 'Archived' }).click();
    await expect.poll(() => toast(page, '9 products set to Archived.').isVisible()).toBe(true);
    await expect.poll(() => tabs.getByRole('tab', { name: 'Archived (9)' }).isVisible()).toBe(true);
    await tabs.getByRole('tab', { name: 'Archived (9)' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(10);
    expect(await table.getByText('Live', { exact: true }).count()).toBe(0);
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['All (51)', 'Draft (14)', 'Live (28)', 'Archived (9)']);
    await expectNoAxeViolations(page, 'Products, Archived and searched');

    expect(seller.problems).toEqual([]);
    await seller.context.close();
  });
});
