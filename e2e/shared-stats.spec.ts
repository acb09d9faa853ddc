import { expect, test } from './fixtures';
import { signInDemo } from './support/signup';

const baseURL = () => process.env.E2E_BASE_URL!;

test('an owner shares an ad’s stats, a visitor reads them without signing in, and a revoked link is gone', async ({
  browser,
}) => {
  test.setTimeout(90_000); // two browser contexts and a sign-in, on a machine that may be busy
  const ownerContext = await browser.newContext({ baseURL: baseURL() });
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await ownerContext.newPage();
  await signInDemo(owner);
  const { ads } = (await (await owner.request.get('/api/my/ads')).json()) as { ads: { id: string; title: string }[] };
  const ad = ads[0]!;

  await owner.goto(`/dashboard/analytics/${ad.id}`);
  await expect(owner.getByRole('heading', { name: 'Share stats' })).toBeVisible();
  await owner.getByRole('button', { name: 'Create a stats link' }).click();
  const link = owner.locator('pre[aria-label="Stats link"]');
  await expect(link).toContainText('/stats/');
  const url = (await link.textContent())!.trim();
  expect(url).toMatch(/\/stats\/[A-Za-z0-9_-]{43}$/);
  await owner.getByRole('button', { name: 'Copy Stats link' }).click();
  await expect(owner.getByText('Stats link copied')).toBeVisible();

  // Someone with the link and no account.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const opened = await visitor.goto(url);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()['x-robots-tag']).toContain('noindex');
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(visitor.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
  await expect(visitor.getByText('Shared stats, read-only')).toBeVisible();
  // Read-only: no dashboard, no export, nothing of the owner's account.
  await expect(visitor.getByRole('link', { name: /dashboard/i })).toHaveCount(0);
  await expect(visitor.getByText('Export CSV')).toHaveCount(0);
  await expect(visitor.getByText('demo@', { exact: false })).toHaveCount(0);

  // The owner revokes it; the same address is a 404 at once.
  await owner.getByRole('button', { name: 'Revoke link' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(owner.getByText('Stats link revoked')).toBeVisible();
  const again = await visitor.goto(url);
  expect(again!.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(visitor.getByText('does not exist or was revoked')).toBeVisible();

  await visitorContext.close();
  await ownerContext.close();
});
