import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAd } from '../../../shared/ads.js';
import { ads, subscriptionPlans } from '../../db/schema.js';
import { makeAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { ROOT, SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';

const execFileAsync = promisify(execFile);
const PORT = 4342;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SEPARATOR = '__end_of_example__';

let t: TestApp;
let dir: string;
let key: string;
/** An ad of the reader's made before the examples run, so that the paging example has two pages. */
let olderAdId: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-api-docs-'));
  await copyFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'), path.join(dir, 'spot.mp3'));
  await copyFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'), path.join(dir, 'aired.mp3'));
  await copyFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'), path.join(dir, 'logo.png'));
  const reader = await signUpUser(t);
  key = (await createApiKey(t, reader.cookie)).key;
  const [older] = await t.db
    .insert(ads)
    .values(makeAd({ userId: reader.id, createdAt: new Date('2026-01-01T00:00:00Z') }))
    .returning({ id: ads.id });
  olderAdId = older!.id;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

/** The sh code blocks of a Markdown file, as written. */
async function shBlocks(file: string) {
  const text = await readFile(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe('docs/api.md examples, run verbatim in one shell in order', () => {
  it('create, page through the ads, PATCH (nothing else changes), identify, oEmbed (200) and delete do what their text says', async () => {
    const [setup, ...examples] = await shBlocks('docs/api.md');
    // The first block holds the two placeholders the reader fills in; the test sets them instead.
    expect(setup!.trim().split('\n')).toEqual([
      'export ADREPLAY_URL="http://localhost:3000"',
      'export ADREPLAY_API_KEY="adr_..."',
    ]);
    expect(examples).toHaveLength(6);
    expect(examples.join('\n')).not.toMatch(/\bjq\b/);
    const script = examples.map((code) => `${code}\necho ${SEPARATOR}`).join('\n');
    const { stdout } = await execFileAsync('bash', ['-e', '-c', script], {
      cwd: dir,
      env: { ...process.env, ADREPLAY_URL: ORIGIN, ADREPLAY_API_KEY: key },
    });
    const [created, paged, patched, identified, oembed, deleted] = stdout.split(`${SEPARATOR}\n`).map((s) => s.trim());

    const [adId, slug] = created!.split(' ');
    expect(adId).toMatch(/^[0-9a-f-]{36}$/);
    // One ad a page, newest first, each once, until nextCursor is null.
    expect(paged!.split('\n')).toEqual([adId, olderAdId]);
    const ad = JSON.parse(patched!) as OwnAd;
    expect(ad).toMatchObject({
      id: adId,
      slug,
      description: 'Fresh bread every morning.',
      title: 'Morning Drive Sponsor',
      location: 'Portland, OR',
      phone: '(555) 010-1201',
    });
    expect(ad.logoUrl).toMatch(/\.png$/);
    expect(JSON.parse(identified!).match).toMatchObject({ slug });
    expect(JSON.parse(oembed!)).toMatchObject({ type: 'rich', title: 'Morning Drive Sponsor' });
    expect(deleted).toBe('204');
    expect((await callApi(t, key, 'GET', `/api/v1/ads/${adId}`)).statusCode).toBe(404);
  });
});
