import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookMessages } from '../src/shared/webhooks';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';

const baseURL = () => process.env.E2E_BASE_URL!;

/** A partner's receiver on loopback (the app runs with ALLOW_PRIVATE_WEBHOOKS=true). */
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/adreplay`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('a partner adds a webhook endpoint, sees its secret once, sends a test event and sees it in the log', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: baseURL() });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: {
      email: `hooks-${Date.now()}@example.com`,
      password: 'tuned-radio-42',
      name: 'Hana Hooks',
      firstName: 'Hana',
      lastName: 'Hooks',
      companyName: 'KHKS Radio',
    },
  });
  expect(res.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/dashboard/settings');
  const section = page.locator('#webhooks');
  await expect(section.getByText('No webhook endpoints yet.')).toBeVisible();

  // A URL that is not http(s) is refused with its message, by keyboard.
  await section.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
  await section.getByLabel('Endpoint URL').press('Enter');
  await expect(section.getByText(webhookMessages.urlInvalid)).toBeVisible();

  await section.getByLabel('Endpoint URL').fill(receiverUrl);
  await section.getByRole('checkbox', { name: 'transcript.ready' }).check();
  await section.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(page.getByText(webhookMessages.created)).toBeVisible();
  const secret = (await section.getByLabel('Signing secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await section.getByRole('button', { name: 'Copy Signing secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(page);
  if (process.env.WEBHOOKS_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.WEBHOOKS_SCREENSHOTS}/secret-1280.png`, fullPage: true });
  }

  const endpoint = section.getByTestId('webhook-endpoint');
  await expect(endpoint).toContainText(receiverUrl);
  await expect(endpoint).toContainText('Active');
  await expect(endpoint).toContainText('ad.created, ad.updated, ad.deleted, transcript.ready');

  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  const row = endpoint.getByTestId('webhook-delivery');
  await expect(row).toContainText('webhook.test', { timeout: 15_000 });
  await expect(row).toContainText('204');
  await expect(row.getByRole('button', { name: /Resend/ })).toBeVisible();
  expect(received).toHaveLength(1);
  const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
  expect(payload).toMatchObject({ type: 'webhook.test' });

  // The secret is not shown again.
  await page.reload();
  await expect(section.getByTestId('webhook-endpoint')).toContainText(receiverUrl);
  await expect(page.getByText(secret)).toHaveCount(0);

  const shots = process.env.WEBHOOKS_SCREENSHOTS;
  if (shots) {
    await section.getByRole('button', { name: 'Deliveries' }).click();
    await expect(section.getByTestId('webhook-delivery')).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [390, 1280]) {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        // Below the sticky header: the section's top, as a reader scrolled to it sees it.
        await page.evaluate(() => {
          document.getElementById('webhooks')!.scrollIntoView();
          window.scrollBy(0, -80);
        });
        await page.screenshot({ path: `${shots}/webhooks-${width}-${theme}.png` });
      }
    }
  }

  if (shots) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/docs/integration');
    await page.locator('#webhooks-heading').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/docs-1280.png` });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.locator('#webhooks-heading').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/docs-390.png` });
    await page.goto('/dashboard/settings');
  }

  // Disabled, then deleted after confirming.
  await section.getByRole('switch', { name: `Enabled: ${receiverUrl}` }).click();
  await expect(section.getByTestId('webhook-endpoint')).toContainText('Disabled');
  await section.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByText('No webhook endpoints yet.')).toBeVisible();
  await context.close();
});
