import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export interface SignupDetails {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
}

/** An address no other test run has used. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;

/** Fills the sign-up form that is on the page. */
export async function fillSignup(page: Page, details: SignupDetails) {
  const {
    email,
    password = 'tuned-radio-42',
    firstName = 'Pat',
    lastName = 'Doe',
    companyName = 'Doe Bakery',
  } = details;
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Company Name').fill(companyName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
}

/** Opens the sign-up page (`path`, e.g. with ?plan=growth), fills it and submits. */
export async function signUp(page: Page, details: SignupDetails, path = '/signup') {
  await page.goto(path);
  await fillSignup(page, details);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs the seeded demo advertiser (Premium, renewing in a year, 14 ads with 90 days of figures) in, through the API. */
export async function signInDemo(page: Page) {
  await page.goto('/');
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'demo@adreplay.test', password: 'demo-advertiser' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
}
