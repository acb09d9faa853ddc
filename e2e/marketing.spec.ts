import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { DASHBOARD_CHUNK } from './support/chunks';
import { mailsTo } from './support/smtp';

test.describe.configure({ mode: 'serial' });

test('every marketing page has its title, passes axe and loads no dashboard code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  const pages: [string, RegExp, string][] = [
    ['/advertisers', /For advertisers/, 'Turn every radio spot into a lasting lead'],
    ['/partners', /stations and podcast networks/, 'Give your sponsors more than airtime'],
    ['/about', /About AdReplay/, 'Every ad deserves a second listen'],
    ['/contact', /Contact AdReplay/, 'Get in touch'],
    ['/terms', /Terms of Service/, 'Terms of Service'],
    ['/demo', /Demo/, 'See AdReplay in action'],
  ];
  for (const [path, title, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
  }
  expect(scripts.filter((s) => DASHBOARD_CHUNK.test(s))).toEqual([]);
});

test('home, advertiser and partner pages show the product: screenshots in the visitor’s theme, sized before they load', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const pages: [string, string[]][] = [
    ['/', ['analytics', 'ad-page']],
    ['/advertisers', ['analytics', 'ad-page']],
    ['/partners', ['embed']],
  ];
  // Light on a 1x screen, dark on a 2x one.
  for (const [theme, density] of [
    ['light', 1],
    ['dark', 2],
  ] as const) {
    const context = await browser.newContext({
      baseURL,
      colorScheme: theme,
      deviceScaleFactor: density,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    for (const [path, names] of pages) {
      await page.goto(path);
      const shots = page.getByTestId('product-shot');
      await expect(shots).toHaveCount(names.length);
      for (const [i, name] of names.entries()) {
        const shot = shots.nth(i);
        // Its box has the picture's shape from the start (width and height set), loaded or not: nothing shifts.
        const before = await shot.evaluate((img: HTMLImageElement) => {
          const box = img.getBoundingClientRect();
          return { ratio: box.width / box.height, width: img.width, height: img.height };
        });
        expect(before.width).toBeGreaterThan(0);
        expect(before.ratio).toBeCloseTo(before.width / before.height, 1);
        await shot.scrollIntoViewIfNeeded();
        await expect
          .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeTruthy();
        const loaded = await shot.evaluate((img: HTMLImageElement) => ({
          src: img.currentSrc,
          alt: img.alt,
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          natural: img.naturalWidth / img.naturalHeight,
        }));
        // Chromium reads AVIF, the smallest; the file is the visitor's theme, at the screen's density.
        expect(loaded.src).toMatch(new RegExp(`/assets/${name}-${theme}@${density}x-[\\w-]+\\.avif$`));
        expect(loaded.natural).toBeCloseTo(Number(loaded.width) / Number(loaded.height), 2);
        expect(loaded.alt.length).toBeGreaterThan(20);
        const res = await page.request.get(loaded.src);
        expect(res.headers()['content-type']).toBe('image/avif');
        expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await res.body()).length).toBeLessThan(40_000);
      }
    }
    await context.close();
  }
});

test('advertiser page: pricing and calls to action', async ({ page }) => {
  await page.goto('/advertisers');
  await expect(page.getByTestId('plan-free')).toContainText('$0/month');
  await expect(page.getByTestId('plan-basic')).toContainText('$19/month');
  await expect(page.getByTestId('plan-premium')).toContainText('$29/month');
  await expect(page.getByTestId('plan-premium')).toContainText('14-day free trial');
  await expect(page.getByTestId('plan-enterprise')).toContainText('$99/month');
  await expect(page.getByTestId('plan-free')).toContainText('3 ads per month');
  await expect(page.getByTestId('plan-premium')).toContainText('10 ads per month');
  await expect(page.getByTestId('plan-enterprise')).toContainText('Unlimited ads per month');
  // Claims that no plan delivers are gone.
  for (const claim of ['Email lead capture', 'Custom URL and branding', 'White label', 'Dedicated account manager']) {
    await expect(page.getByText(claim)).toHaveCount(0);
  }
  await page.getByTestId('plan-premium').getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/register\?plan=growth$/);
  await expect(page.getByText('Chosen plan: Premium')).toBeVisible();
  await page.goto('/advertisers');
  await page.getByRole('link', { name: 'Contact Sales' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goto('/advertisers');
  await page.getByRole('link', { name: 'Create Your Free Account' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('partner page: calls to action and the API example', async ({ page }) => {
  await page.goto('/partners');
  await expect(page.getByText('Zapier, Make and n8n call it from their HTTP request steps')).toBeVisible();
  await expect(page.getByText('3,000+ apps')).toHaveCount(0);
  await expect(page.getByText('subscribe to signed webhooks (REST hooks)')).toBeVisible();
  // What it claims exists: monitored streams and station pages, reported airings, embeds and oEmbed, the weekly
  // report, the API with keys, idempotency and signed webhooks.
  for (const claim of [
    'Your stream, monitored',
    'Airings from your as-run log',
    'Embeddable player and oEmbed for your site',
    'A weekly report e-mail of plays, listeners and airings',
    'API keys to upload ads, edit them and report airings',
    'Safe retries with idempotency keys',
    'Signed webhooks for ad changes, transcripts and airings',
  ]) {
    await expect(page.getByText(claim)).toBeVisible();
  }
  // Claims of what does not exist are gone.
  for (const claim of [
    'Co-branded',
    'White-label',
    'Monthly performance report',
    'Revenue sharing',
    'dedicated manager',
    'Live chat',
    '9am-5pm PST',
  ]) {
    await expect(page.getByText(claim)).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
  await expect(page.locator('pre code')).toContainText('-F audio=@spot.mp3');
  await expect(page.getByRole('link', { name: 'integration docs' })).toHaveAttribute('href', '/docs/integration');
  await page.getByRole('link', { name: 'Apply as Standard Partner' }).click();
  await expect(page).toHaveURL(/\/contact\?partner=standard$/);
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Become a Partner' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Apply as Premium Partner' }).click();
  await expect(page).toHaveURL(/\/contact\?partner=premium$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Partner Inquiry');
  await expect(page.getByLabel('Message')).toHaveValue(/Premium Partner/);
  await expect(page.getByText('Live chat')).toHaveCount(0);
});

test('about links to the audiences, terms has the privacy policy, demo switches', async ({ page }) => {
  await page.goto('/about');
  for (const year of ['2023', '2024', '2025']) await expect(page.getByText(year, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'how it works for advertisers' }).click();
  await expect(page).toHaveURL(/\/advertisers$/);
  await page.goto('/terms');
  await expect(page.getByText('Last modified May 13, 2025')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('We never store IP addresses.', { exact: false })).toBeVisible();
  await page.goto('/demo');
  await page.getByRole('tab', { name: 'Business Dashboard' }).click();
  await expect(page.getByText('Sample data')).toBeVisible();
  await page.getByRole('tab', { name: 'Radio Station Portal' }).click();
  await expect(page.getByText('shown once, stored hashed')).toBeVisible();
  await page.getByRole('tab', { name: 'Listener Experience' }).click();
  // The spec's 30-second sample, playing in the real player; like only shows its toast.
  await expect(page.getByRole('slider', { name: /^Seek / })).toHaveAttribute('aria-valuetext', '0:00 of 0:30');
  await page.getByRole('button', { name: 'Play The AdReplay listener demo' }).click();
  await expect
    .poll(() => page.locator('audio').evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText('You\'ve liked "The AdReplay listener demo"')).toBeVisible();
  await page.getByRole('link', { name: 'Start advertising on AdReplay' }).click();
  await expect(page).toHaveURL(/\/advertisers$/);
});

test('the contact form sends a real e-mail, resets, ignores bots, and limits senders', async ({ page }) => {
  const mailDir = process.env.E2E_MAIL_DIR!;
  const before = (await mailsTo(mailDir, 'team@adreplay.test')).length;
  await page.goto('/contact');
  await expect(page.getByLabel('Subject')).toHaveValue('General Inquiry');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByLabel('Name').fill('Rita Radio');
  await page.getByLabel('Email').fill('rita@station.example');
  await page.getByLabel('Subject').selectOption('Press Inquiry');
  await page.getByLabel('Message').fill('Can we interview your founders?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!').first()).toBeVisible();
  await expect(page.getByText("We'll get back to you as soon as possible.").first()).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Subject')).toHaveValue('General Inquiry');
  await expect.poll(async () => (await mailsTo(mailDir, 'team@adreplay.test')).length).toBe(before + 1);
  const [mail] = (await mailsTo(mailDir, 'team@adreplay.test')).slice(-1);
  expect(mail).toContain('Can we interview your founders?');
  expect(mail).toContain('Reply-To: rita@station.example');

  // A bot fills the hidden field: it is told all is well, and nothing is sent.
  await page.getByLabel('Name').fill('Bot');
  await page.getByLabel('Email').fill('bot@spam.example');
  await page.getByLabel('Message').fill('Buy now');
  await page.evaluate(() => {
    const input = document.getElementById('contact-website') as HTMLInputElement;
    // As a bot would: through the native setter, so React sees the change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'http://spam.example');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await page.waitForTimeout(500);
  expect((await mailsTo(mailDir, 'team@adreplay.test')).length).toBe(before + 1);

  // The sixth message in ten minutes from one address (the bot's counted too) is refused; the text stays.
  for (let i = 0; i < 3; i++) {
    await page.getByLabel('Name').fill(`Sender ${i}`);
    await page.getByLabel('Email').fill('sender@example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('');
  }
  await page.getByLabel('Name').fill('Too Many');
  await page.getByLabel('Email').fill('sender@example.com');
  await page.getByLabel('Message').fill('One more');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Too many messages. Please wait a few minutes before sending another.')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('One more');
});
