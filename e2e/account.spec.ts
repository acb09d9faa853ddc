import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';

test('Settings: the password changes with the current one and signs other devices out; the account deletes for good', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('account');
  await signUp(page, { email });
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;

  // A second device, signed in too.
  const other = await browser.newContext({ baseURL: origin });
  const signIn = await other.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'tuned-radio-42' },
    headers: { origin },
  });
  expect(signIn.status()).toBe(200);
  const otherSession = async () => (await other.request.get('/api/auth/get-session')).json();
  expect((await otherSession())?.user.email).toBe(email);

  await page.goto('/dashboard/settings');
  await page.getByLabel('Current Password', { exact: true }).fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('changed-secret');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('changed-secret');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current Password', { exact: true }).fill('tuned-radio-42');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();
  expect(await otherSession()).toBeNull();
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await other.close();

  // Delete: only the account's own address confirms.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Your e-mail address').fill('someone@example.com');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Your e-mail address').fill(email);
  await confirm.click();
  await expect(page.getByText('Your account and everything in it have been deleted')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'changed-secret' },
    headers: { origin },
  });
  expect(again.status()).toBe(401);
  // The one failed request is the refused wrong password.
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});
