import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startApp } from './support/app';
import { mailsTo } from './support/smtp';

const mailDir = () => process.env.E2E_MAIL_DIR!;

async function linkFromMail(dir: string, to: string, pattern: RegExp) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(dir, to);
      link = mails
        .map((m) => pattern.exec(m)?.[0])
        .filter(Boolean)
        .pop();
      return link;
    })
    .toBeTruthy();
  return link!;
}

async function fillSignup(page: Page, email: string, password = 'secret123') {
  await page.getByLabel('First Name').fill('Pat');
  await page.getByLabel('Last Name').fill('Doe');
  await page.getByLabel('Company Name').fill('Doe Bakery');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
}

test('sign-up form shows every validation message under its field and clears it on edit', async ({ page }) => {
  await page.goto('/register?plan=growth');
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await expect(page.getByText('Chosen plan: Growth')).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const text of [
    'First name is required',
    'Last name is required',
    'Company name is required',
    'Email is required',
    'Password is required',
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await page.getByLabel('First Name').fill('P');
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByLabel('Confirm Password').fill('456');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('1234567');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
});

test('login validation and the error table', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await page.getByLabel('Email').fill('demo@adreplay.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password. Please check your credentials and try again.')).toBeVisible();
});

test('sign up, sign out, return through a remembered path, reset the password over SMTP, sign in', async ({ page }) => {
  const email = `journey-${Date.now()}@example.com`;
  await page.goto('/signup');
  await fillSignup(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Account created successfully! Please check your email to verify your account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${email.split('@')[0]}!` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No ads yet' })).toBeVisible();

  // Signed in: the sign-up page sends us back to the dashboard.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard/settings?tab=profile');
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=profile$/);

  // Settings: the profile from sign-up, editable, e-mail read-only.
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Company Name')).toHaveValue('Doe Bakery');
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Must be a valid URL')).toBeVisible();
  await page.getByLabel('Website').fill('https://doe-bakery.example.com');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Website')).toHaveValue('https://doe-bakery.example.com');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent. Please check your inbox.')).toBeVisible();

  const link = await linkFromMail(mailDir(), email, /http:\/\/127\.0\.0\.1:\d+\/reset-password#token=[^\s"<]+/);
  await page.goto(link);
  await page.getByLabel('New Password').fill('12345');
  await page.getByLabel('Confirm Password').fill('12345');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New Password').fill('new-secret-1');
  await page.getByLabel('Confirm Password').fill('new-secret-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('new-secret-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('new-secret-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reset page without a token sends you to login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid or missing reset token')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  test.beforeAll(async () => {
    app = await startApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });
  });
  test.afterAll(() => app?.stop());

  test('sign-in waits for the e-mailed link, which verifies and signs in', async ({ page }) => {
    const email = `verify-${Date.now()}@example.com`;
    await page.goto(`${app.url}/signup`);
    await fillSignup(page, email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('Account created successfully! Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Please verify your email before signing in. Check your inbox for a confirmation email.'),
    ).toBeVisible();

    const link = await linkFromMail(app.mailDir, email, /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<]+/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome back, ${email.split('@')[0]}!` })).toBeVisible();
  });
});
