import { describe, expect, it } from 'vitest';
import { ids, makeUser, org, purchasing } from '../test/fixtures';
import {
  accountHomeDestination,
  actsAsBuyer,
  buyerLandingChoice,
  NO_STORES_PATH,
  postLoginDestination,
} from './routing';

const merchantUser = makeUser({
  organizations: [org(ids.merchantA, 'Alpha Foods', 'Merchant'), org(ids.merchantB, 'Beta Goods', 'Merchant')],
  purchasing_organizations: [purchasing(ids.merchantA, 'Alpha Foods'), purchasing(ids.merchantB, 'Beta Goods')],
});
const buyerWithOneStore = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X')],
});
const buyerWithTwoStores = makeUser({
  organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')],
  purchasing_organizations: [purchasing(ids.sellerX, 'Seller X'), purchasing(ids.sellerY, 'Seller Y')],
});
const buyerWithoutStores = makeUser({ organizations: [org(ids.buyer, 'Corner Shop', 'Buyer')] });
const newUser = makeUser();

describe('buyerLandingChoice', () => {
  it('sends a user without purchasing organizations, or without a list, to the no-stores page', () => {
    expect(buyerLandingChoice(buyerWithoutStores)).toBe(NO_STORES_PATH);
    expect(buyerLandingChoice(null)).toBe(NO_STORES_PATH);
    expect(buyerLandingChoice(undefined)).toBe(NO_STORES_PATH);
  });

  it('opens the only store directly', () => {
    expect(buyerLandingChoice(buyerWithOneStore)).toBe(`/storefront/${ids.sellerX}`);
  });

  it('lists the stores when there are several', () => {
    expect(buyerLandingChoice(buyerWithTwoStores)).toBe('/storefront/all');
  });
});

describe('actsAsBuyer', () => {
  it('is true only when every own organization is Buyer-type', () => {
    expect(actsAsBuyer(buyerWithOneStore)).toBe(true);
    expect(actsAsBuyer(merchantUser)).toBe(false);
    expect(actsAsBuyer(newUser)).toBe(false);
    const mixed = makeUser({
      organizations: [org(ids.buyer, 'Corner Shop', 'Buyer'), org(ids.merchantA, 'Alpha Foods', 'Merchant')],
    });
    expect(actsAsBuyer(mixed)).toBe(false);
  });
});

describe('postLoginDestination', () => {
  it('sends users without a user row or organizations to /details', () => {
    expect(postLoginDestination(null, '/storefront')).toBe('/details');
    expect(postLoginDestination(newUser, '/storefront')).toBe('/details');
    expect(postLoginDestination(newUser, '/details')).toBe('/details');
    expect(postLoginDestination(newUser, `/app/${ids.merchantA}/orders`)).toBe('/details');
  });

  it('keeps the invite and buyer sign-up paths, even for new users', () => {
    expect(postLoginDestination(newUser, '/invite/abc')).toBe('/invite/abc');
    expect(postLoginDestination(newUser, '/team-invite/abc')).toBe('/team-invite/abc');
    const buyerSignup = `/details-buyer?invite_id=abc&org_id=${ids.sellerX}`;
    expect(postLoginDestination(null, buyerSignup)).toBe(buyerSignup);
    expect(postLoginDestination(merchantUser, buyerSignup)).toBe(buyerSignup);
  });

  it('keeps a specific seller-area or storefront path', () => {
    const wanted = `/app/${ids.merchantB}/products?q=tea`;
    expect(postLoginDestination(merchantUser, wanted)).toBe(wanted);
    expect(postLoginDestination(buyerWithOneStore, `/storefront/${ids.sellerY}/orders`)).toBe(
      `/storefront/${ids.sellerY}/orders`,
    );
  });

  it('sends anyone with a Merchant organization to its orders from the default return', () => {
    expect(postLoginDestination(merchantUser, '/storefront')).toBe(`/app/${ids.merchantA}/orders`);
    expect(postLoginDestination(merchantUser, '/')).toBe(`/app/${ids.merchantA}/orders`);
    expect(postLoginDestination(merchantUser, '/details')).toBe(`/app/${ids.merchantA}/orders`);
    expect(postLoginDestination(merchantUser, undefined)).toBe(`/app/${ids.merchantA}/orders`);
  });

  it('prefers the remembered organization when it is one of the user’s Merchant organizations', () => {
    expect(postLoginDestination(merchantUser, '/storefront', ids.merchantB)).toBe(`/app/${ids.merchantB}/orders`);
    expect(postLoginDestination(merchantUser, '/storefront', ids.sellerX)).toBe(`/app/${ids.merchantA}/orders`);
  });

  it('skips Buyer organizations when choosing the admin organization', () => {
    const mixed = makeUser({
      organizations: [org(ids.buyer, 'Corner Shop', 'Buyer'), org(ids.merchantB, 'Beta Goods', 'Merchant')],
    });
    expect(postLoginDestination(mixed, '/storefront', ids.buyer)).toBe(`/app/${ids.merchantB}/orders`);
  });

  it('gives users acting as buyers the buyer landing choice', () => {
    expect(postLoginDestination(buyerWithOneStore, '/storefront')).toBe(`/storefront/${ids.sellerX}`);
    expect(postLoginDestination(buyerWithTwoStores, '/')).toBe('/storefront/all');
    expect(postLoginDestination(buyerWithoutStores, '/storefront')).toBe(NO_STORES_PATH);
  });

  it('never follows a return path to another site', () => {
    expect(postLoginDestination(merchantUser, '//evil.example/app/x')).toBe(`/app/${ids.merchantA}/orders`);
    expect(postLoginDestination(merchantUser, 'https://evil.example/')).toBe(`/app/${ids.merchantA}/orders`);
  });
});

describe('accountHomeDestination (/details skipped)', () => {
  it('opens the Merchant organization’s welcome page', () => {
    expect(accountHomeDestination(merchantUser)).toBe(`/app/${ids.merchantA}/welcome`);
    expect(accountHomeDestination(merchantUser, ids.merchantB)).toBe(`/app/${ids.merchantB}/welcome`);
  });

  it('gives buyers the buyer landing choice', () => {
    expect(accountHomeDestination(buyerWithTwoStores)).toBe('/storefront/all');
    expect(accountHomeDestination(buyerWithoutStores)).toBe(NO_STORES_PATH);
  });
});
