import { startApp } from './app';

/** One app for the whole run; its URL and folders reach the tests through the environment. */
export default async function globalSetup() {
  const app = await startApp();
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  process.env.E2E_MAIL_DIR = app.mailDir;
  return () => app.stop();
}
