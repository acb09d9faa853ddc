import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';

const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');

test("the partner pages' examples run in a shell as shown: upload, list, read, patch, replace, delete, analytics", async ({
  page,
}) => {
  await signUp(page, { email: uniqueEmail('curl') });
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/my/api-keys', { data: { name: 'Shell' }, headers: { origin } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-curl-'));
  const createdIds: string[] = [];
  const createdSlugs: string[] = [];
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
      const ad = JSON.parse(stdout) as { id: string; slug: string };
      createdIds.push(ad.id);
      createdSlugs.push(ad.slug);
      expect(ad).toMatchObject({ title: 'Morning Drive Sponsor', phone: '(555) 010-1201' });
    }

    // The guide's other examples, each as shown after the line that keeps the key in a variable (with
    // the real key in place of adr_...), the ad's id in AD_ID as the guide says.
    const [kept, removed] = createdIds as [string, string];
    const keyLine = (await page.getByLabel('Keep the key in a variable').textContent())!.trim();
    expect(keyLine).toBe('export ADREPLAY_API_KEY="adr_..."');
    const run = async (label: string, nth: number, adId: string) => {
      const shown = (await page.getByLabel(label).nth(nth).textContent())!.trim();
      const script = `${keyLine.replace('adr_...', key)}\n${shown} --silent --show-error --write-out '\\n%{http_code}'`;
      const { stdout } = await promisify(execFile)('bash', ['-c', script], {
        cwd: dir,
        env: { ...process.env, AD_ID: adId },
      });
      const lines = stdout.trimEnd().split('\n');
      const status = Number(lines.pop());
      return { status, body: lines.join('\n') };
    };
    // A signed-in reader's examples name their own newest ad: its id and slug, and its player in the embed code.
    await page.reload();
    const newestSlug = createdSlugs[1]!;
    await expect(page.getByLabel('Keep the ad’s id and slug in variables')).toHaveText(
      `AD_ID="${removed}"\nAD_SLUG="${newestSlug}"`,
    );
    await expect(page.getByLabel('Embed code')).toContainText(`/embed/${newestSlug}"`);
    // The variables as shown, then the oEmbed request as shown: the player of that ad.
    const useAd = (await page.getByLabel('Keep the ad’s id and slug in variables').textContent())!.trim();
    const oembed = (await page.getByLabel('oEmbed request').textContent())!.trim();
    const { stdout: embedded } = await promisify(execFile)(
      'bash',
      ['-c', `${useAd}\n${oembed} --silent --show-error`],
      { cwd: dir },
    );
    expect(JSON.parse(embedded)).toMatchObject({ type: 'rich', title: 'Morning Drive Sponsor' });

    const list = await run('GET example', 0, kept);
    expect(list.status).toBe(200);
    expect((JSON.parse(list.body) as { ads: { id: string }[] }).ads.map((a) => a.id)).toEqual(
      expect.arrayContaining(createdIds),
    );
    const one = await run('GET one example', 0, kept);
    expect(one.status).toBe(200);
    expect(JSON.parse(one.body)).toMatchObject({ id: kept, title: 'Morning Drive Sponsor' });
    const patched = await run('PATCH example (JSON)', 0, kept);
    expect(patched.status).toBe(200);
    expect(JSON.parse(patched.body)).toMatchObject({
      id: kept,
      description: 'Fresh bread and pastries every morning.',
      phone: null,
      location: 'Portland, OR',
      websiteUrl: 'https://sunrise-bakery.example.com',
      isActive: true,
    });
    const put = await run('PUT example', 0, kept);
    expect(put.status).toBe(200);
    expect(JSON.parse(put.body)).toMatchObject({
      id: kept,
      businessName: 'Sunrise Bakery',
      phone: '(555) 010-1201',
      description: 'Fresh bread every morning.',
      isActive: true,
    });
    // The paging loop as shown: one page a line, newest first, each ad once, the last with nextCursor null.
    const loop = (await page.getByLabel('Every ad, page by page').textContent())!.trim();
    const paged = await promisify(execFile)('bash', ['-c', `${keyLine.replace('adr_...', key)}\n${loop}`], {
      cwd: dir,
    });
    const pages = paged.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { ads: { id: string }[]; nextCursor: string | null });
    expect(pages.map((p) => p.ads.map((a) => a.id))).toEqual([[removed], [kept]]);
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, true]);
    const deleted = await run('DELETE example', 0, removed);
    expect(deleted).toEqual({ status: 204, body: '' });
    const analytics = await run('Analytics example', 0, kept);
    expect(analytics.status).toBe(200);
    expect(JSON.parse(analytics.body)).toHaveProperty('totals');
  } finally {
    await rm(dir, { recursive: true, force: true });
    // The directory journeys count the demo ads: this journey removes what it published.
    for (const id of createdIds) {
      await page.request.delete(`/api/my/ads/${id}`, { headers: { origin: new URL(page.url()).origin } });
    }
  }
});
