import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAd } from '../../../shared/ads.js';
import { WEBHOOK_RECEIVER_EXAMPLE } from '../../../shared/partner-api.js';
import { ads, subscriptionPlans } from '../../db/schema.js';
import { makeAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { ROOT, SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { freePort } from '../../test/server-process.js';
import { signUpUser } from '../../test/session.js';
import { until } from '../../test/until.js';

const execFileAsync = promisify(execFile);
const PORT = 4342;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SEPARATOR = '__end_of_example__';

let t: TestApp;
let dir: string;
let key: string;
let receiver: ChildProcess | undefined;
/** An ad of the reader's made before the examples run, so that the paging example has two pages. */
let olderAdId: string;
beforeAll(async () => {
  // The examples' webhook receiver listens on this machine.
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN, ALLOW_PRIVATE_WEBHOOKS: 'true' });
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
  receiver?.kill();
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

/** The code blocks of one language in a Markdown file, as written. */
async function codeBlocks(file: string, language: string) {
  const text = await readFile(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]!);
}

describe('docs/api.md examples, run verbatim in one shell in order', () => {
  it('register a webhook (its receiver verifies the delivery), create, page through the ads, PATCH (nothing else changes), identify, oEmbed (200) and delete do what their text says', async () => {
    const [setup, register, ...examples] = await codeBlocks('docs/api.md', 'sh');
    // The first block holds the placeholders the reader fills in; the test sets them instead.
    expect(setup!.trim().split('\n')).toEqual([
      'export ADREPLAY_URL="http://localhost:3000"',
      'export ADREPLAY_API_KEY="adr_..."',
      'export ADREPLAY_WEBHOOK_URL="http://localhost:8080/"',
    ]);
    expect(examples).toHaveLength(6);
    expect([register, ...examples].join('\n')).not.toMatch(/\bjq\b/);
    const port = await freePort();
    const env = {
      ...process.env,
      ADREPLAY_URL: ORIGIN,
      ADREPLAY_API_KEY: key,
      ADREPLAY_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
    };

    // Registered, it prints the secret; the receiver (the one JavaScript block, the guide's too) starts with it
    // in another terminal, with the library installed beside it.
    const secret = (await execFileAsync('bash', ['-e', '-c', register!], { cwd: dir, env })).stdout.trim();
    expect(secret).toMatch(/^whsec_/);
    const [receiverCode] = await codeBlocks('docs/api.md', 'js');
    expect(receiverCode!.trimEnd()).toBe(WEBHOOK_RECEIVER_EXAMPLE);
    await writeFile(path.join(dir, 'receiver.mjs'), receiverCode!);
    await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    let received = '';
    receiver = spawn(process.execPath, ['receiver.mjs'], {
      cwd: dir,
      env: { ...process.env, ADREPLAY_WEBHOOK_SECRET: secret, PORT: String(port) },
    });
    receiver.stdout!.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await until(() =>
      fetch(env.ADREPLAY_WEBHOOK_URL, { method: 'POST', body: '{}' }).then(
        () => true,
        () => undefined,
      ),
    );

    const script = examples.map((code) => `${code}\necho ${SEPARATOR}`).join('\n');
    const { stdout } = await execFileAsync('bash', ['-e', '-c', script], { cwd: dir, env });
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
    // The receiver verified the signed ad.created of the ad made above, and printed it.
    const line = await until(() => received.split('\n').find((l) => l.startsWith('ad.created ')));
    expect(JSON.parse(line.slice('ad.created '.length))).toMatchObject({ ad: { id: adId, slug } });
  });
});
