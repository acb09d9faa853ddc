import { createHash } from 'node:crypto';
import { test as base, expect } from '@playwright/test';

/** A client address of its own for each journey (in 198.18.0.0/15, the range set aside for tests). */
const clientAddressOf = (testId: string) => {
  const [a, b] = createHash('sha256').update(testId).digest();
  return `198.18.${a}.${b}`;
};

/** Every journey runs against the app started by global-setup, and fails on console errors. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  // As a trusted proxy would say: each journey comes from its own address, as real users do.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) =>
    use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddressOf(testInfo.testId) }),
  // The app's scripts are asked for after the first paint (decision 55): a page arrives readable, and a
  // journey uses its controls once the app has taken it over, as a person a moment later would.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<typeof goto>) => {
      const response = await goto(...args);
      const isPage = response?.headers()['content-type']?.startsWith('text/html') ?? false;
      if (javaScriptEnabled !== false && isPage && (await page.locator('#root').count())) {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
});

export { expect };
