import { startApp } from './app';

/** One app for the whole run; its URL and folders reach the tests through the environment. */
export default async function globalSetup() {
  // The moderation journey signs this address up as the moderator; the webhooks journey's receiver is on loopback.
  const app = await startApp({ ADMIN_EMAILS: 'moderator@adreplay.test', ALLOW_PRIVATE_WEBHOOKS: 'true' });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = app.dataDir;
  process.env.E2E_MAIL_DIR = app.mailDir;
  return () => app.stop();
}
