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
