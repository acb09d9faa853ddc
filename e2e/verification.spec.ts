import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';
import { mailsTo } from './support/smtp';

const LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?[^\s"<]+/;

/** The verification link of each mail to an address so far (from its plain-text part), oldest first. */
async function linksTo(email: string) {
  return (await mailsTo(process.env.E2E_MAIL_DIR!, email)).map((m) => LINK.exec(m)![0]);
}

/**
 * The same link as it reads a day later: its token re-signed, as the server signs them (HS256 with
 * the app's secret), with an expiry that has passed.
 */
function expiredCopy(link: string) {
  const url = new URL(link);
  const [, payload] = url.searchParams.get('token')!.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const past = Math.floor(Date.now() / 1000) - 25 * 60 * 60;
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${b64({ alg: 'HS256' })}.${b64({ ...claims, iat: past, exp: past + 24 * 60 * 60 })}`;
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'auth-secret'), 'utf8').trim();
  url.searchParams.set('token', `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`);
  return url.toString();
}

test('the dashboard shows an unconfirmed address with a resend; the link confirms it, and used, tampered and expired links say so', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('confirm');
  await signUp(page, { email });
  await expect(page).toHaveURL(/\/dashboard$/);
  const status = page.getByTestId('email-status');
  await expect(status).toContainText('E-mail address not confirmed yet');
  await expect.poll(async () => (await linksTo(email)).length).toBe(1);

  // An expired link says so and offers a new one, which is sent.
  await page.goto(expiredCopy((await linksTo(email))[0]!));
  await expect(page).toHaveURL(/\/verify-email\?error=TOKEN_EXPIRED$/);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(`A new link is on its way to ${email}.`)).toBeVisible();
  await expect.poll(async () => (await linksTo(email)).length).toBe(2);

  // Resending from the dashboard.
  await page.goto('/dashboard');
  await status.getByRole('button', { name: 'Send a new link' }).click();
  await expect(status.getByText(`A new link is on its way to ${email}.`)).toBeVisible();
  await expect.poll(async () => (await linksTo(email)).length).toBe(3);

  // The newest link confirms: the dashboard says so.
  const link = (await linksTo(email)).at(-1)!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
  await expect(status).toContainText(`E-mail address confirmed: ${email}`);

  // Used again: it says so, and nothing breaks.
  await page.goto(link);
  await expect(page).toHaveURL(/\/verify-email\?used=1$/);
  await expect(page.getByRole('heading', { name: 'This link was already used' })).toBeVisible();

  // Tampered: it says so and offers a new link for a typed address.
  const forged = new URL(link);
  const token = forged.searchParams.get('token')!;
  forged.searchParams.set('token', token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1));
  await page.goto(forged.toString());
  await expect(page).toHaveURL(/\/verify-email\?error=INVALID_TOKEN$/);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByLabel('Your e-mail address')).toBeVisible();

  // Asked too often (five an address a quarter of an hour), it says how long to wait.
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post('/api/auth/send-verification-email', {
      data: { email, callbackURL: '/verify-email' },
      headers: { origin: new URL(page.url()).origin },
    });
    if (res.status() === 429) break;
  }
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many requests' })).toHaveText(
    /^Too many requests\. Please wait a moment before trying again\. You can try again in 1[45] minutes\.$/,
  );

  // A link from before the landing page existed (?error= on /dashboard) is explained too.
  await page.goto('/dashboard?error=INVALID_TOKEN');
  await expect(page).toHaveURL(/\/verify-email\?error=INVALID_TOKEN$/);
  // The one failed request is the refused resend.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
  ]);
});
