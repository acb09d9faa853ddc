import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startApp } from './support/app';
import { fillSignup, signUp, uniqueEmail } from './support/signup';
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

/** Holds the next matching request until release(), so the screen's in-flight state can be looked at. */
async function holdNext(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/**
 * The next matching request fails: with no answer at all ('network'), or with a proxy's error page
 * that carries no message of ours ('gateway'), where each screen shows its own fallback text.
 */
const failNext = (page: Page, url: string, how: 'network' | 'gateway') =>
  page.route(
    url,
    (route) =>
      how === 'network'
        ? route.abort('failed')
        : route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }),
    { times: 1 },
  );

/** Records every path the app's router moves to (pushState/replaceState) in window.__paths. */
async function recordPaths(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __paths: string[] };
    w.__paths = [];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url != null) {
          const next = new URL(String(url), location.href);
          w.__paths.push(next.pathname + next.search);
        }
        original(data, unused, url);
      };
    }
  });
  return () => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);
}

test('sign-up form shows every validation message under its field and clears it on edit', async ({ page }) => {
  await page.goto('/register?plan=growth');
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await expect(page.getByText('Chosen plan: Premium')).toBeVisible();
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

  // The chosen plan goes along to the login page and back.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?plan=growth$/);
  await expect(page.getByText('Chosen plan: Premium')).toBeVisible();
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/signup\?plan=growth$/);
  await expect(page.getByText('Chosen plan: Premium')).toBeVisible();
});

test('sign-up errors from the server follow the error table', async ({ page }) => {
  await page.goto('/signup');
  await fillSignup(page, { email: 'demo@adreplay.test' });
  const submit = page.getByRole('button', { name: 'Create Account' });

  await failNext(page, '**/api/auth/sign-up/email', 'network');
  await submit.click();
  await expect(page.getByText('Network error. Please check your connection and try again.')).toBeVisible();
  await failNext(page, '**/api/auth/sign-up/email', 'gateway');
  await submit.click();
  await expect(page.getByText('Failed to create account. Please try again.')).toBeVisible();
  // Only a server stricter than the form says this; a stand-in answers for it.
  await page.route(
    '**/api/auth/sign-up/email',
    (route) => route.fulfill({ status: 400, json: { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' } }),
    { times: 1 },
  );
  await submit.click();
  await expect(page.locator('#password-error')).toHaveText('Password must be at least 6 characters long');

  // The real server: an address that has an account ...
  await page.getByLabel('Password', { exact: true }).fill('tuned-radio-424');
  await expect(page.locator('#password-error')).toHaveCount(0);
  await page.getByLabel('Confirm Password').fill('tuned-radio-424');
  await submit.click();
  await expect(
    page.getByText('An account with this email already exists. Please try logging in instead.'),
  ).toBeVisible();
  // ... and an address the form's pattern lets through but the server does not take.
  await page.getByLabel('Email').fill('pat@example.c');
  await submit.click();
  await expect(page.locator('#email-error')).toHaveText('Please enter a valid email address');
  await expect(page).toHaveURL(/\/signup$/);
});

test('login: validation, the submitting state, the error table and the links', async ({ page }) => {
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

  // While the request is out: 'Signing in...', and nothing can be edited.
  const release = await holdNext(page, '**/api/auth/sign-in/email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
  release();
  await expect(page.getByText('Invalid email or password. Please check your credentials and try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByLabel('Email')).toBeEnabled();

  await failNext(page, '**/api/auth/sign-in/email', 'network');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Network error. Please check your connection and try again.')).toBeVisible();
  await failNext(page, '**/api/auth/sign-in/email', 'gateway');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Failed to log in. Please try again.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill('demo@adreplay.test');
  await failNext(page, '**/api/auth/request-password-reset', 'gateway');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Error sending password reset email')).toBeVisible();
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('sign up, sign out, return through a remembered path, reset the password over SMTP, sign in', async ({ page }) => {
  test.setTimeout(60_000);
  const paths = await recordPaths(page);
  const email = uniqueEmail('journey');
  await signUp(page, { email }, '/register?plan=growth');
  await expect(
    page.getByText('Account created successfully! Please check your email to verify your account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // By the first name typed at sign-up (fillSignup's 'Pat'), not the e-mail's handle.
  await expect(page.getByRole('heading', { name: 'Welcome back, Pat!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No ads yet' })).toBeVisible();

  // Signed out on a protected page, then back to it (same document, every dashboard page loaded):
  // login returns there in one step, without passing through the dashboard home.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fsettings$/);
  const before = (await paths()).length;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('tuned-radio-42');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  expect((await paths()).slice(before)).toEqual(['/dashboard/settings']);

  // Signed in, the sign-in pages send us on: to the dashboard, or to the path they were to return to.
  for (const path of ['/signup', '/register', '/register?plan=growth', '/login']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
  await page.goto('/login?next=%2Fdashboard%2Fsubscription');
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);

  // A fresh page load of a protected path with a query: it is remembered whole.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/settings?tab=profile');
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('tuned-radio-42');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=profile$/);

  // Settings: the profile from sign-up, editable, e-mail read-only.
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Pat');
  await expect(page.getByLabel('Last Name')).toHaveValue('Doe');
  await expect(page.getByLabel('Company Name')).toHaveValue('Doe Bakery');
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await expect(page.getByLabel('Email Address')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('');
  await page.getByLabel('Website').fill('not a url');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Must be a valid URL')).toBeVisible();
  await page.getByLabel('Website').fill('https://doe-bakery.example.com');
  const release = await holdNext(page, '**/api/profile');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await failNext(page, '**/api/profile', 'gateway');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Error updating profile')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Website')).toHaveValue('https://doe-bakery.example.com');

  await failNext(page, '**/api/auth/sign-out', 'gateway');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Error signing out')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
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
  await failNext(page, '**/api/auth/reset-password', 'gateway');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Error resetting password')).toBeVisible();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('new-secret-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The plan picked on the pricing page at sign-up is remembered for this account.
  await page.goto('/dashboard/subscription');
  await expect(page.getByText(/^You chose the Premium plan on our pricing page\./)).toBeVisible();
});

test('a reset page without a token sends you to login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid or missing reset token')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

// A second app: e-mail verification required, and a sign-in budget of its own, so the failed
// sign-ins of the limit test do not use up the main app's per-address limit for 127.0.0.1.
test.describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  test.beforeAll(async () => {
    // A second app starting (migrations, seed) on a busy machine may take longer than a step.
    test.setTimeout(120_000);
    app = await startApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });
  });
  test.afterAll(() => app?.stop());

  test('sign-in waits for the e-mailed link, which verifies and signs in', async ({ page }) => {
    const email = uniqueEmail('verify');
    await signUp(page, { email }, `${app.url}/signup`);
    await expect(
      page.getByText('Account created successfully! Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('tuned-radio-42');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Please verify your email before signing in. Check your inbox for a confirmation email.'),
    ).toBeVisible();
    // The sign-in page offers a new link; the newest one verifies and signs in.
    await expect.poll(async () => (await mailsTo(app.mailDir, email)).length).toBe(1);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText(`A new link is on its way to ${email}.`)).toBeVisible();
    await expect.poll(async () => (await mailsTo(app.mailDir, email)).length).toBe(2);

    const link = await linkFromMail(app.mailDir, email, /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<]+/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    // By the first name typed at sign-up (fillSignup's 'Pat'), not the e-mail's handle.
    await expect(page.getByRole('heading', { name: 'Welcome back, Pat!' })).toBeVisible();
  });

  test('after five failed sign-ins an address is refused, in the words of the error table', async ({ page }) => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post(`${app.url}/api/auth/sign-in/email`, {
        data: { email, password: 'wrong-password' },
        headers: { origin: app.url },
      });
      expect(res.status()).toBe(401);
    }
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Too many login attempts. Please wait a moment before trying again.')).toBeVisible();
    // The address that failed is told how long to wait.
    await expect(page.getByText(/You can try again in \d+ seconds?\./)).toBeVisible();
  });
});
