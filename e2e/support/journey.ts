/**
 * Steps a person takes that several journeys share: sign up, sign in, create an organization,
 * open a seller section, read the Configure badge; and the watch for page errors and 5xx answers.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

/** From the landing page: Sign Up → the built-in sign-up page → back in the app. */
export async function signUpFromLanding(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Sign Up' }).first().click();
  await page.waitForURL(/\/interaction\//);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** On the built-in sign-in page (already redirected there). */
export async function signInOnProviderPage(page: Page, email: string, password: string) {
  await page.waitForURL(/\/interaction\//);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * On /details: name the business and the person (issue 27: "Your Name" is required, the phone
 * optional), pick the type, finish.
 */
export async function createOrganizationOnDetails(
  page: Page,
  name: string,
  type: 'Merchant' | 'Buyer',
  person: { name: string; phone?: string } = { name: 'Maya Maker' },
) {
  await page.waitForURL(/\/details/);
  await page.getByLabel('Business Name').fill(name);
  await page.getByLabel('Your Name').fill(person.name);
  if (person.phone) await page.getByLabel('Phone (optional)').fill(person.phone);
  await page.getByLabel('You are a').click();
  await page.getByRole('option', { name: type }).click();
  await page.getByRole('button', { name: 'Finish Creating Your Account' }).click();
}

export function orgIdFromUrl(url: string): string {
  const m = /\/app\/([0-9a-f-]{36})\//.exec(url);
  expect(m, `no organization id in ${url}`).toBeTruthy();
  return m![1]!;
}

/**
 * Script errors and server failures in any page of a context are bugs, and so is a 404 from
 * GET /api/user/me: the sign-in callback creates or reads the user (POST /api/user/create), so
 * even a first sign-in never asks for a user that is not there. Other failed-resource console
 * lines are not problems.
 */
export function watchForProblems(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('weberror', (e) => problems.push(`page error: ${e.error().message}`));
  context.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    else if (r.status() === 404 && new URL(r.url()).pathname === '/api/user/me') {
      problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    }
  });
  return problems;
}

export interface SellerSession {
  context: BrowserContext;
  page: Page;
  orgId: string;
  email: string;
  password: string;
  /** Page errors and 5xx answers seen in this context. */
  problems: string[];
}

/**
 * A new seller in a fresh browser context: signs up from the landing page, creates a Merchant
 * organization on /details and lands on the welcome checklist.
 */
export async function newSeller(
  browser: Browser,
  baseUrl: string,
  opts: { email: string; businessName: string; password?: string; viewport?: { width: number; height: number } },
): Promise<SellerSession> {
  const password = opts.password ?? 'wholesale-pass-1';
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 860 } });
  const problems = watchForProblems(context);
  const page = await context.newPage();
  await signUpFromLanding(page, baseUrl, opts.email, password);
  await createOrganizationOnDetails(page, opts.businessName, 'Merchant');
  await page.waitForURL(/\/app\/[0-9a-f-]{36}\/welcome$/);
  const orgId = orgIdFromUrl(page.url());
  await expect
    .poll(() => page.getByRole('heading', { name: 'Welcome! To set up your store, start here' }).isVisible())
    .toBe(true);
  return { context, page, orgId, email: opts.email, password, problems };
}

/** A section link of the seller side panel (Orders, Customers, Products, Invites, Terms, Configure). */
export function sellerNav(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Seller sections' }).getByRole('link', { name, exact: true });
}

/** Opens a seller section from the side panel and waits for its page. */
export async function openSellerSection(page: Page, name: 'Orders' | 'Customers' | 'Products' | 'Invites' | 'Terms') {
  await sellerNav(page, name).click();
  await page.waitForURL(new RegExp(`/app/[0-9a-f-]{36}/${name.toLowerCase()}$`));
}

/** The Configure badge of the side panel: its number and its visually hidden words. */
export async function expectSetupStepsLeft(page: Page, steps: number) {
  const nav = page.getByRole('navigation', { name: 'Seller sections' });
  await expect.poll(() => nav.getByTestId('setup-badge').textContent()).toBe(String(steps));
  const words = steps === 1 ? '1 set-up step left' : `${steps} set-up steps left`;
  await expect.poll(() => nav.getByText(words, { exact: true }).count()).toBe(1);
}

/** The toast (snackbar) showing exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ has: page.getByText(text, { exact: true }) });
}

/** The onboarding form, filled as a seller would type it. */
export async function fillOnboarding(page: Page, ein: string) {
  const field = (name: RegExp) => page.getByRole('textbox', { name });
  await field(/^Legal business name/).fill('Juniper Soap Co LLC');
  await field(/^EIN/).fill(ein);
  await field(/^Address/).fill('400 Congress Ave');
  await field(/^City/).fill('Austin');
  await page.getByRole('combobox', { name: /^State/ }).selectOption('TX');
  await field(/^ZIP code/).fill('78701');
  await field(/^First name/).fill('Ada');
  await field(/^Last name/).fill('Lovelace');
  await page.getByLabel(/^Date of birth/).fill('1985-12-10');
  await field(/^Routing number/).fill('021000021');
  await field(/^Account number/).fill('000123456789');
  await field(/^Confirm account number/).fill('000123456789');
}

/** How far the page scrolls sideways (0 when nothing overflows the viewport: a phone-width check). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Fills the built-in card form (the test cardholder in Portland) and returns it. */
export async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: /^Pay / });
  await form.getByLabel(/^Card number/).fill(number);
  await form.getByLabel(/^Expiration/).fill('12 / 34');
  await form.getByLabel(/^CVC/).fill('123');
  await form.getByLabel(/^Cardholder name/).fill('Rosa Pantry');
  await form.getByLabel(/^ZIP/).fill('97205');
  return form;
}
