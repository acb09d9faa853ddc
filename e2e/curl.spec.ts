import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';

const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');

test('the upload example as the partner pages show it runs in a shell and creates the ad', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('curl') });
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/my/api-keys', { data: { name: 'Shell' }, headers: { origin } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-curl-'));
  const createdIds: string[] = [];
  try {
    await copyFile(path.join(ASSETS, 'audio/sunrise-bakery.mp3'), path.join(dir, 'spot.mp3'));
    await copyFile(path.join(ASSETS, 'logos/sunrise-bakery.png'), path.join(dir, 'logo.png'));
    for (const url of ['/partners', '/docs/integration']) {
      await page.goto(url);
      // The text exactly as shown (this site's origin is already in it); the key from the environment.
      const shown = (await page.getByLabel('Upload an ad with the API').textContent())!;
      const { stdout } = await promisify(execFile)('bash', ['-c', `${shown.trim()} --silent --show-error`], {
        cwd: dir,
        env: { ...process.env, ADREPLAY_API_KEY: key },
      });
      const ad = JSON.parse(stdout) as { id: string };
      createdIds.push(ad.id);
      expect(ad).toMatchObject({ title: 'Morning Drive Sponsor', phone: '(555) 010-1201' });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    // The directory journeys count the demo ads: this journey removes what it published.
    for (const id of createdIds) {
      await page.request.delete(`/api/my/ads/${id}`, { headers: { origin: new URL(page.url()).origin } });
    }
  }
});
