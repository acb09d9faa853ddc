import { createHash } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

/** A client address of its own for each journey (in 198.18.0.0/15, the range set aside for tests). */
const clientAddressOf = (testId: string) => {
  const [a, b] = createHash('sha256').update(testId).digest();
  return `198.18.${a}.${b}`;
};

/** Whether a page runs scripts, as the last one to hand it over (its context, then the page fixture) knows. */
const javaScriptOf = new WeakMap<Page, boolean>();

/**
 * The app's scripts are asked for after the first paint (decision 55): a page arrives readable, and a journey
 * uses its controls once the app has taken it over (`<html data-hydrated>`), as a person a moment later would.
 */
function waitsForTheApp(page: Page, javaScriptEnabled: boolean): Page {
  const wrapped = javaScriptOf.has(page);
  javaScriptOf.set(page, javaScriptEnabled);
  if (wrapped) return page;
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<typeof goto>) => {
    const response = await goto(...args);
    const isPage = response?.headers()['content-type']?.startsWith('text/html') ?? false;
    if (javaScriptOf.get(page) && isPage && (await page.locator('#root').count())) {
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    }
    return response;
  };
  return page;
}

/** Every journey runs against the app started by global-setup, and fails on console errors. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  // As a trusted proxy would say: each journey comes from its own address, as real users do.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) =>
    use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddressOf(testInfo.testId) }),
  // Pages of the contexts a journey opens itself (another user, another device) wait as the fixture's do.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const context = await newContext(...args);
        const newPage = context.newPage.bind(context);
        context.newPage = async () => waitsForTheApp(await newPage(), args[0]?.javaScriptEnabled !== false);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page, javaScriptEnabled }, use) => use(waitsForTheApp(page, javaScriptEnabled !== false)),
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
