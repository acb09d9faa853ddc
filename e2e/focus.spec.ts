import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';

/** Tabs until `target` has the focus (as a keyboard user gets there), then reads its focus ring. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      return target.evaluate((el) => ({ visible: el.matches(':focus-visible'), ring: getComputedStyle(el).boxShadow }));
    }
  }
  throw new Error('never reached by Tab');
}
/** The white-inside-dark ring: visible on light and dark backgrounds alike. */
const TWO_TONE = /rgb\(255, 255, 255\) 0px 0px 0px 2px, rgb\(\d+, \d+, \d+\) 0px 0px 0px 4px/;

test('every control shows a focus ring on any background, and dialogs keep the focus inside', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Get Started Free', 'Watch Demo']) {
    const hero = page.getByRole('main').getByRole(name === 'Watch Demo' ? 'button' : 'link', { name });
    const focus = await tabTo(page, hero);
    expect(focus.visible, name).toBe(true);
    expect(focus.ring, name).toMatch(TWO_TONE);
  }

  await signUp(page, { email: uniqueEmail('focus') });
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebarCreate = page.getByRole('complementary').getByRole('link', { name: 'Create New Ad' });
  expect((await tabTo(page, sidebarCreate)).ring).toMatch(TWO_TONE);
  await page.goto('/dashboard/ads/create');
  await page.getByLabel('Ad Title').waitFor();
  expect((await tabTo(page, page.getByRole('button', { name: 'Publish Ad' }))).ring).toMatch(TWO_TONE);

  // A dialog: Tab and Shift+Tab go round inside it until it closes.
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  for (const key of [...Array(8).fill('Tab'), ...Array(8).fill('Shift+Tab')] as string[]) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), key).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
