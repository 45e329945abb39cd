/** Steps a person takes that several journeys share: sign up, sign in, create an organization. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

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

/** On /details: name the business, pick the type, finish. Returns the new organization id. */
export async function createOrganizationOnDetails(page: Page, name: string, type: 'Merchant' | 'Buyer') {
  await page.waitForURL(/\/details/);
  await page.getByLabel('Business Name').fill(name);
  await page.getByLabel('You are a').click();
  await page.getByRole('option', { name: type }).click();
  await page.getByRole('button', { name: 'Finish Creating Your Account' }).click();
}

export function orgIdFromUrl(url: string): string {
  const m = /\/app\/([0-9a-f-]{36})\//.exec(url);
  expect(m, `no organization id in ${url}`).toBeTruthy();
  return m![1]!;
}
