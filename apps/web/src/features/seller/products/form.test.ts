import { describe, expect, it } from 'vitest';
import {
  newProductInput,
  productChanges,
  productFormProblems,
  sameForm,
  volumeProblems,
  wholeNumberProblem,
  type ProductFormValues,
} from './form';

const orgId = '00000000-0000-4000-8000-00000000000a';
const productId = '00000000-0000-4000-8000-0000000000d1';

const loaded: ProductFormValues = {
  name: 'Chipotle Sauce',
  description: '',
  sku: 'HS-1',
  upc: '',
  orderUnitId: '2',
  quantityPerUnit: '12',
  stateId: '1',
  weight: '5',
  weightUnitId: '1',
  wholesaleCents: 4200,
  retailCents: 799,
  photos: [
    { id: 'photo-a', url: '/a.png' },
    { id: 'photo-b', url: '/b.png' },
  ],
  trackInventory: false,
  minimumQuantity: '1',
  orderIncrement: '1',
  priceBreaks: [],
  options: [],
  variants: [],
  preorder: false,
  shipsFrom: '',
  shipsUntil: '',
  orderBy: '',
};

describe('productChanges', () => {
  it('sends the Track inventory switch when it changed', () => {
    expect(productChanges({ ...loaded, trackInventory: true }, loaded, productId, orgId)).toEqual({
      id: productId,
      organization: { id: orgId },
      track_inventory: true,
    });
  });

  it('holds only the id and the organization when nothing changed', () => {
    expect(productChanges({ ...loaded }, loaded, productId, orgId)).toEqual({
      id: productId,
      organization: { id: orgId },
    });
  });

  it('sends the photos only when they changed (here: their order)', () => {
    const reordered = { ...loaded, photos: [loaded.photos[1]!, loaded.photos[0]!] };
    expect(productChanges(reordered, loaded, productId, orgId)).toEqual({
      id: productId,
      organization: { id: orgId },
      media: [
        { display_order: 0, media: { id: 'photo-b' } },
        { display_order: 1, media: { id: 'photo-a' } },
      ],
    });
  });

  it('clears a field emptied by the user with null, and ignores edits that trim to the same value', () => {
    const edited = { ...loaded, sku: '', name: ' Chipotle Sauce ', weightUnitId: '2' };
    expect(productChanges(edited, loaded, productId, orgId)).toEqual({
      id: productId,
      organization: { id: orgId },
      stock_keeping_unit: null,
      product_physical_measurements: { weight_unit: { id: 2 } },
    });
  });
});

describe('newProductInput', () => {
  it('sends every field of the form', () => {
    expect(newProductInput(loaded, orgId)).toEqual({
      name: 'Chipotle Sauce',
      description: null,
      order_unit: { id: 2 },
      quantity_per_unit: 12,
      state: { id: 1 },
      unit_price_in_cents: 4200,
      msrp_in_cents: 799,
      stock_keeping_unit: 'HS-1',
      universal_product_code: null,
      track_inventory: false,
      organization: { id: orgId },
      media: [
        { display_order: 0, media: { id: 'photo-a' } },
        { display_order: 1, media: { id: 'photo-b' } },
      ],
      product_physical_measurements: { weight: 5, weight_unit: { id: 1 } },
      minimum_order_quantity: 1,
      order_increment: 1,
      price_breaks: [],
      preorder: null,
    });
  });
});

describe('pre-order (issue 25)', () => {
  const window = { preorder: true, shipsFrom: '2027-03-01', shipsUntil: '2027-03-15', orderBy: '2027-02-01' };

  it('sends the window when it is turned on, and null when it is turned off', () => {
    expect(productChanges({ ...loaded, ...window }, loaded, productId, orgId)).toEqual({
      id: productId,
      organization: { id: orgId },
      preorder: { ships_from: '2027-03-01', ships_until: '2027-03-15', order_by: '2027-02-01' },
    });
    const on = { ...loaded, ...window };
    expect(productChanges({ ...on, preorder: false }, on, productId, orgId)).toEqual({
      id: productId,
      organization: { id: orgId },
      preorder: null,
    });
  });

  it('asks for each day, then keeps the window in order', () => {
    expect(productFormProblems({ ...loaded, preorder: true })).toEqual({
      shipsFrom: 'Enter the first ship day',
      shipsUntil: 'Enter the last ship day',
      orderBy: 'Enter the last day to order',
    });
    expect(productFormProblems({ ...loaded, ...window, shipsUntil: '2027-02-20' })).toEqual({
      shipsUntil: 'Must be on or after ships from',
    });
    expect(productFormProblems({ ...loaded, ...window, orderBy: '2027-03-20' })).toEqual({
      orderBy: 'Must be on or before ships until',
    });
    expect(productFormProblems({ ...loaded, ...window })).toEqual({});
  });
});

describe('volume pricing', () => {
  const volume = (change: Partial<ProductFormValues>) => ({ ...loaded, wholesaleCents: 500, ...change });

  it('sends the breaks and rules only when they changed, blank rows left out', () => {
    const edited = volume({
      orderIncrement: '6',
      minimumQuantity: '12',
      priceBreaks: [
        { quantity: '12', cents: 410 },
        { quantity: '', cents: null },
        { quantity: '24', cents: 390 },
      ],
    });
    expect(productChanges(edited, volume({}), productId, orgId)).toEqual({
      id: productId,
      organization: { id: orgId },
      minimum_order_quantity: 12,
      order_increment: 6,
      price_breaks: [
        { min_quantity: 12, unit_price_in_cents: 410 },
        { min_quantity: 24, unit_price_in_cents: 390 },
      ],
    });
    expect(volumeProblems(edited)).toEqual({});
  });

  it('names the row and field of each problem, counting the rows as the form shows them', () => {
    expect(volumeProblems(volume({ orderIncrement: '1.5' }))).toEqual({ order_increment: 'Enter a whole number' });
    expect(volumeProblems(volume({ priceBreaks: [{ quantity: '12', cents: null }] }))).toEqual({
      'price_breaks.0.unit_price_in_cents': 'Enter a price',
    });
    expect(
      volumeProblems(
        volume({
          orderIncrement: '6',
          priceBreaks: [
            { quantity: '', cents: null },
            { quantity: '12', cents: 410 },
            { quantity: '15', cents: 420 },
          ],
        }),
      ),
    ).toEqual({
      'price_breaks.2.min_quantity': 'Must be a multiple of the order increment (6)',
      'price_breaks.2.unit_price_in_cents': 'Must be less than the break above ($4.10)',
    });
    expect(volumeProblems(volume({ minimumQuantity: '10', orderIncrement: '6' }))).toEqual({
      minimum_order_quantity: 'Must be a multiple of the order increment (6)',
    });
  });
});

describe('whole-number counts', () => {
  it('refuses text that is not a whole number instead of dropping its characters', () => {
    expect(wholeNumberProblem('1.5')).toBe('Enter a whole number');
    expect(wholeNumberProblem('12 cases')).toBe('Enter a whole number');
    expect(wholeNumberProblem('-3')).toBe('Enter a whole number');
    expect(wholeNumberProblem(' 12 ')).toBeUndefined();
    expect(wholeNumberProblem('')).toBeUndefined();
    expect(productFormProblems({ ...loaded, quantityPerUnit: '1.5' }).quantityPerUnit).toBe('Enter a whole number');
    expect(productFormProblems({ ...loaded, quantityPerUnit: '0' }).quantityPerUnit).toBe('Must be at least 1');
    expect(productFormProblems({ ...loaded, quantityPerUnit: '' }).quantityPerUnit).toBeUndefined();
  });
});

describe('sameForm (Save is enabled only for a changed form)', () => {
  it('sees text, switch and photo changes', () => {
    expect(sameForm({ ...loaded }, loaded)).toBe(true);
    expect(sameForm({ ...loaded, name: 'Other' }, loaded)).toBe(false);
    expect(sameForm({ ...loaded, trackInventory: true }, loaded)).toBe(false);
    expect(sameForm({ ...loaded, photos: [...loaded.photos].reverse() }, loaded)).toBe(false);
    expect(sameForm({ ...loaded, photos: loaded.photos.slice(1) }, loaded)).toBe(false);
  });
});
