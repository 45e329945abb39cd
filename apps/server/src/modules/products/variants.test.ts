/**
 * Variants (issue 24), through the API: a tee in 5 sizes × 3 colours made from its options,
 * priced and stocked per variant; the storefront showing "from" prices, options and a sheet row
 * per variant; carts, orders and their documents naming the variant; the bad input the issue
 * lists; and the last unit of one variant sold once when buyers check out at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  Product,
  ProductSheetRowList,
  ProductTileList,
  TEST_CARDS,
  type Cart,
  type CheckoutSession,
  type Order,
} from '@cratebase/contract';
import { createHarness, type Harness } from '../../../test/support/harness.js';
import { makeImage, multipartBody } from '../../../test/support/media.js';
import {
  atPayment,
  createSession,
  customerOf,
  liveProduct,
  ok,
  payWith,
  readCart,
  readySeller,
  setStock,
  type Org,
} from '../../../test/support/checkout.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOG_LEVEL: 'error' });
});
afterAll(async () => h?.close());

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'White', 'Navy'];

const putProduct = (seller: Org, body: Record<string, unknown>) =>
  h.call('PUT', '/api/product', { token: seller.token, body: { organization: { id: seller.orgId }, ...body } });

async function tee(seller: Org, extra: Record<string, unknown> = {}): Promise<Product> {
  return Product.parse(
    await ok(
      putProduct(seller, {
        name: 'Heavy tee',
        state: 'Live',
        unit_price_in_cents: 1_200,
        msrp_in_cents: 2_800,
        product_physical_measurements: { weight: 0.5, weight_unit: 'lb' },
        options: [
          { name: 'Size', values: SIZES },
          { name: 'Colour', values: COLOURS },
        ],
        ...extra,
      }),
    ),
  );
}

async function uploadPhoto(seller: Org): Promise<string> {
  const mp = multipartBody([{ filename: 'p.png', contentType: 'image/png', data: await makeImage(300, 300) }]);
  const res = await h.call('POST', `/api/media/${seller.orgId}/upload`, { token: seller.token, body: mp.body, headers: mp.headers });
  expect(res.status).toBe(200);
  return res.body.id;
}

const variantOf = (p: Product, ...values: string[]) => p.variants.find((v) => v.option_values.join('/') === values.join('/'))!;

const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => (await h.testDb.database.db.execute(q)).rows as T[];

describe('a product with options', () => {
  it('makes one variant per combination, prices and stocks each, and shows them to buyers', async () => {
    const seller = await readySeller(h);
    const photos = [await uploadPhoto(seller), await uploadPhoto(seller)];
    const made = await tee(seller, { media: photos.map((id) => ({ media: { id } })) });
    expect(made.options).toEqual([
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ]);
    expect(made.variants).toHaveLength(15);
    expect(made.variants.map((v) => v.title).slice(0, 4)).toEqual(['XS / Black', 'XS / White', 'XS / Navy', 'S / Black']);
    expect(made.variants.every((v) => v.unit_price_in_cents === 1_200 && v.available)).toBe(true);
    // The store has one product (its Configure count and set-up steps count products, not variants).
    const [org] = await rows<{ product_count: number }>(sql`select product_count from organizations where id = ${seller.orgId}`);
    expect(org!.product_count).toBe(1);

    // The grid: a price and SKU per variant (XL costs more), one marked unavailable.
    const variants = made.variants.map((v) => ({
      id: v.id,
      option_values: v.option_values,
      stock_keeping_unit: `TEE-${v.option_values.join('-')}`,
      unit_price_in_cents: v.option_values[0] === 'XL' ? 1_400 : 1_200,
      available: v.title !== 'XS / Navy',
      // The white ones show the second photo.
      media_id: v.option_values[1] === 'White' ? photos[1] : null,
    }));
    const saved = Product.parse(await ok(putProduct(seller, { id: made.id, variants })));
    expect(saved.variants.map((v) => v.id)).toEqual(made.variants.map((v) => v.id));
    expect(saved.price_range).toEqual({ min: 1_200, max: 1_400 });
    expect(variantOf(saved, 'M', 'Black').stock_keeping_unit).toBe('TEE-M-Black');
    await setStock(h, seller, variantOf(saved, 'M', 'Black').id, 7);

    // A variant is read by its own id too, and is stocked on its own.
    const m = Product.parse(await ok(h.call('GET', `/api/product/${variantOf(saved, 'M', 'Black').id}`, { token: seller.token })));
    expect(m).toMatchObject({ parent_product_id: made.id, variant_title: 'M / Black', name: 'Heavy tee — M / Black', inventory_count: 7 });
    // Stock of the product itself: refused, naming the field.
    const parentStock = await h.call('POST', '/api/inventory/transaction', {
      token: seller.token,
      body: { product: { id: made.id }, inventory_transaction_type: 'add', count: 3 },
    });
    expect(parentStock.status).toBe(400);
    expect(parentStock.body.message).toMatch(/^product\.id .*variant/);

    const buyer = await customerOf(h, seller);
    const tiles = ProductTileList.parse(
      await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile`, { token: buyer.token })),
    );
    expect(tiles).toHaveLength(1);
    expect(tiles[0]).toMatchObject({ id: made.id, variant_count: 14, price_range: { min: 1_200, max: 1_400 } });
    expect(tiles[0]!.options.map((o) => o.name)).toEqual(['Size', 'Colour']);
    const sheet = ProductSheetRowList.parse(
      await ok(h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=sheet`, { token: buyer.token })),
    );
    expect(sheet).toHaveLength(14);
    expect(sheet[0]).toMatchObject({ product_id: made.id, variant_title: 'XS / Black', name: 'Heavy tee — XS / Black' });
    // A variant's SKU finds its product in the storefront search.
    const found = await ok<unknown[]>(
      h.call('GET', `/api/product/organization/${seller.orgId}/for-sale?view=tile&q=TEE-L-Navy`, { token: buyer.token }),
    );
    expect(found).toHaveLength(1);

    // The cart: a variant is a line; the product itself and an unavailable variant are refused.
    const cart = await readCart(h, seller, buyer);
    const add = (productId: string, quantity: number) =>
      h.call('PUT', `/api/cart/${cart.id}/line_item`, { token: buyer.token, body: { product_id: productId, quantity } });
    const parentLine = await add(made.id, 2);
    expect(parentLine.status).toBe(409);
    expect(parentLine.body.error).toBe('choose_variant');
    expect(parentLine.body.message).toMatch(/^product_id: /);
    expect((await add(variantOf(saved, 'XS', 'Navy').id, 2)).body.error).toBe('product_unavailable');
    const withLine = await ok<Cart>(add(variantOf(saved, 'M', 'Black').id, 3));
    // A variant's line shows its own photo, else its product's first.
    expect(withLine.line_items[0]!.product.media.map((m) => m.media.id)).toEqual([photos[0]]);
    const white = await ok<Cart>(add(variantOf(saved, 'S', 'White').id, 1));
    expect(white.line_items.find((l) => l.product.variant_title === 'S / White')!.product.media.map((m) => m.media.id)).toEqual([photos[1]]);
    await ok(add(variantOf(saved, 'S', 'White').id, 0));
    expect(withLine.line_items[0]!.product).toMatchObject({
      name: 'Heavy tee — M / Black',
      variant_title: 'M / Black',
      parent_product_id: made.id,
      stock_keeping_unit: 'TEE-M-Black',
    });
    expect((await add(variantOf(saved, 'M', 'Black').id, 8)).body.error).toBe('insufficient_inventory');

    // Renaming the product renames its variants' lines; removing a variant leaves the cart line unavailable.
    await ok(putProduct(seller, { id: made.id, name: 'Heavyweight tee' }));
    const renamed = await readCart(h, seller, buyer);
    expect(renamed.line_items[0]!.product.name).toBe('Heavyweight tee — M / Black');
    await ok(putProduct(seller, { id: made.id, variants: variants.filter((v) => v.id !== variantOf(saved, 'M', 'Black').id) }));
    const gone = await readCart(h, seller, buyer);
    expect(gone.line_items[0]).toMatchObject({ available: false });
    expect((await add(variantOf(saved, 'M', 'Black').id, 2)).body.error).toBe('product_deleted');
  });

  it('refuses bad options and variants with a 4xx naming the field, writing nothing', async () => {
    const seller = await readySeller(h, { payments: false });
    const dupValue = await putProduct(seller, { name: 'Candle', options: [{ name: 'Scent', values: ['Fig', 'fig'] }] });
    expect(dupValue.status).toBe(400);
    expect(dupValue.body.message).toMatch(/^options\.0\.values\.1: "fig" is listed twice/);
    const dupName = await putProduct(seller, {
      name: 'Candle',
      options: [
        { name: 'Scent', values: ['Fig'] },
        { name: 'scent', values: ['Oud'] },
      ],
    });
    expect(dupName.body.message).toMatch(/^options\.1\.name: /);
    const values = Array.from({ length: 13 }, (_, i) => `V${i}`);
    const tooMany = await putProduct(seller, {
      name: 'Too many',
      options: ['A', 'B', 'C'].map((name) => ({ name, values })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^options: these values make 2,197 variants; a product has at most 2,048/);

    const taken = await liveProduct(h, seller, { name: 'Jar', stock_keeping_unit: 'JAR-1' });
    const made = await tee(seller);
    const clash = await putProduct(seller, {
      id: made.id,
      variants: made.variants.map((v, i) => ({ id: v.id, option_values: v.option_values, stock_keeping_unit: i === 4 ? 'JAR-1' : null })),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/^variants\.4\.stock_keeping_unit: another product or variant already uses the SKU "JAR-1"/);
    const twice = await putProduct(seller, {
      id: made.id,
      variants: [
        { option_values: ['S', 'Black'], stock_keeping_unit: 'A' },
        { option_values: ['s', 'black'], stock_keeping_unit: 'B' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/^variants\.1\.option_values: s \/ black is listed twice/);
    const unknownValue = await putProduct(seller, { id: made.id, variants: [{ option_values: ['XXL', 'Black'] }] });
    expect(unknownValue.body.message).toMatch(/^variants\.0\.option_values\.0: "XXL" is not a value of Size/);
    const variantSaved = await putProduct(seller, { id: made.variants[0]!.id, name: 'x' });
    expect(variantSaved.status).toBe(400);
    expect(variantSaved.body.message).toMatch(/^id is a variant/);
    // Nothing of the refused saves was written.
    const after = Product.parse(await ok(h.call('GET', `/api/product/${made.id}`, { token: seller.token })));
    expect(after.variants).toHaveLength(15);
    expect(after.variants.every((v) => v.stock_keeping_unit === null)).toBe(true);
    expect((await ok<Product>(h.call('GET', `/api/product/${taken}`, { token: seller.token }))).stock_keeping_unit).toBe('JAR-1');
  });

  it('a product without options is its own one variant, as products made before variants were', async () => {
    const seller = await readySeller(h, { payments: false });
    const id = await liveProduct(h, seller, { name: 'Plain jam', stock_keeping_unit: 'JAM', unit_price_in_cents: 900 });
    const p = Product.parse(await ok(h.call('GET', `/api/product/${id}`, { token: seller.token })));
    expect(p).toMatchObject({ options: [], parent_product_id: null, variant_title: null, price_range: { min: 900, max: 900 } });
    expect(p.variants).toEqual([
      expect.objectContaining({ id, title: '', option_values: [], stock_keeping_unit: 'JAM', unit_price_in_cents: 900 }),
    ]);
  });
});

describe('orders of variants', () => {
  it('the last unit of one variant is sold once when six buyers check out at the same time', async () => {
    const seller = await readySeller(h);
    const made = await tee(seller, { options: [{ name: 'Size', values: ['S', 'M'] }] });
    const m = variantOf(made, 'M');
    const s = variantOf(made, 'S');
    await setStock(h, seller, m.id, 1);
    await setStock(h, seller, s.id, 10);
    const buyers: Org[] = [];
    for (let i = 0; i < 6; i++) buyers.push(await customerOf(h, seller));
    const carts: Cart[] = [];
    for (const buyer of buyers) carts.push((await atPayment(h, seller, buyer, { [m.id]: 1, [s.id]: 1 })).cart);
    const results = await Promise.all(buyers.map((buyer, i) => createSession(h, seller, buyer, carts[i]!)));
    const made1 = results.filter((r) => r.status === 200);
    expect(made1).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('insufficient_inventory');
      expect(r.body.message).toMatch(/Heavy tee — M/);
    }
    const winner = results.findIndex((r) => r.status === 200);
    await ok(payWith(h, buyers[winner]!, results[winner]!.body as CheckoutSession, TEST_CARDS.succeeds));
    const stock = await rows<{ id: string; inventory_count: number }>(
      sql`select id, inventory_count from products where parent_id = ${made.id} order by variant_position`,
    );
    expect(stock.map((r) => r.inventory_count)).toEqual([9, 0]);

    // The order names the variant; the option its lines use can no longer be removed.
    const order = carts[winner]!.order;
    const detail = await ok<Order>(h.call('GET', `/api/order/${order.id}`, { token: seller.token }));
    expect(detail.cart.line_items.map((l) => [l.name, l.variant_title]).sort()).toEqual([
      ['Heavy tee — M', 'M'],
      ['Heavy tee — S', 'S'],
    ]);
    const removeOption = await putProduct(seller, { id: made.id, options: [] });
    expect(removeOption.status).toBe(409);
    expect(removeOption.body.error).toBe('option_in_use');
    expect(removeOption.body.message).toMatch(/^options: cannot remove the option "Size"/);
    // Removing a value (and its variant) is allowed; the order keeps showing what was bought.
    await ok(putProduct(seller, { id: made.id, options: [{ name: 'Size', values: ['S'] }] }));
    const again = await ok<Order>(h.call('GET', `/api/order/${order.id}`, { token: seller.token }));
    expect(again.cart.line_items.map((l) => l.name).sort()).toEqual(['Heavy tee — M', 'Heavy tee — S']);
  }, 120_000);
});
