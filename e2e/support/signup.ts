import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

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
