import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/browser';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
