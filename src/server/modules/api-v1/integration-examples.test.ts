import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAd } from '../../../shared/ads.js';
import {
  AD_ID_VARIABLE,
  AD_SLUG_VARIABLE,
  API_KEY_VARIABLE,
  integrationExamples,
  PARTNER_UPLOAD_FIELDS,
  WEBHOOK_SECRET_VARIABLE,
  WEBHOOK_URL_PLACEHOLDER,
  WEBHOOK_URL_VARIABLE,
  type Example,
} from '../../../shared/partner-api.js';
import { subscriptionPlans } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { ROOT, SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { freePort } from '../../test/server-process.js';
import { signUpUser } from '../../test/session.js';
import { until } from '../../test/until.js';

const execFileAsync = promisify(execFile);
/** The app listens where its public address says, so the examples' links (oEmbed's url) are its own. */
const PORT = 4341;
const ORIGIN = `http://127.0.0.1:${PORT}`;

let t: TestApp;
let dir: string;
let key: string;
/** The guide's webhook receiver, run as shown; what it prints. */
let receiver: ChildProcess | undefined;
let received = '';
beforeAll(async () => {
  // The examples' webhook receiver listens on this machine.
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN, ALLOW_PRIVATE_WEBHOOKS: 'true' });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-examples-'));
  const mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  await writeFile(path.join(dir, 'spot.mp3'), mp3);
  await writeFile(path.join(dir, 'aired.mp3'), mp3);
  await writeFile(path.join(dir, 'logo.png'), await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png')));
  const u = await signUpUser(t);
  key = (await createApiKey(t, u.cookie)).key;
});
afterAll(async () => {
  receiver?.kill();
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

/** Runs an example's text verbatim with bash, the key (and the ad's variables once set) in the environment. */
let vars: Record<string, string> = {};
async function run(example: Example): Promise<string> {
  const { stdout } = await execFileAsync('bash', ['-c', example.code], {
    cwd: dir,
    env: { ...process.env, [API_KEY_VARIABLE]: key, ...vars },
  });
  return stdout;
}
const json = async (example: Example) => JSON.parse(await run(example)) as Record<string, unknown>;

describe('every example of /docs/integration, run as written, in order', () => {
  const e = integrationExamples(ORIGIN);
  let created: OwnAd;
  const expectedFields = Object.fromEntries(PARTNER_UPLOAD_FIELDS) as Record<string, string>;

  it('the key example sets the variable the others read', () => {
    expect(e.key.code).toBe(`export ${API_KEY_VARIABLE}="adr_..."`);
  });

  it('creates the ad with its audio and logo', async () => {
    created = (await json(e.create)) as unknown as OwnAd;
    expect(created).toMatchObject({
      title: expectedFields.title,
      businessName: expectedFields.business_name,
      location: expectedFields.location,
      description: expectedFields.description,
      websiteUrl: expectedFields.website_url,
      phone: expectedFields.phone,
      isActive: true,
    });
    expect(created.logoUrl).toMatch(/\.png$/);
  });

  it('sets $AD_ID and $AD_SLUG to the ad just created (without jq)', async () => {
    expect(e.useAd.code).not.toMatch(/\bjq\b/);
    expect((await run(e.useAd)).trim()).toBe(`${created.id} ${created.slug}`);
    vars = { [AD_ID_VARIABLE]: created.id, [AD_SLUG_VARIABLE]: created.slug };
  });

  it('lists and reads the ad', async () => {
    expect(await json(e.list)).toMatchObject({ count: 1, ads: [{ id: created.id }] });
    expect(await json(e.get)).toMatchObject({ id: created.id, slug: created.slug });
  });

  it('PATCH (JSON) sets the description, clears the phone, and leaves every other field as it was', async () => {
    const after = (await json(e.patchJson)) as unknown as OwnAd;
    expect(after).toMatchObject({
      description: 'Fresh bread and pastries every morning.',
      phone: null,
      title: created.title,
      businessName: created.businessName,
      category: created.category,
      location: created.location,
      websiteUrl: created.websiteUrl,
      logoUrl: created.logoUrl,
      audioUrl: created.audioUrl,
      isActive: true,
    });
  });

  it('PATCH (form) replaces the logo and hides the ad, nothing else', async () => {
    const after = (await json(e.patchForm)) as unknown as OwnAd;
    expect(after.logoUrl).toMatch(/\.png$/);
    expect(after.logoUrl).not.toBe(created.logoUrl);
    expect(after).toMatchObject({
      isActive: false,
      description: 'Fresh bread and pastries every morning.',
      location: created.location,
      audioUrl: created.audioUrl,
    });
  });

  it('PUT replaces every field with those it sends (a full replace that loses nothing it names)', async () => {
    const after = (await json(e.put)) as unknown as OwnAd;
    expect(after).toMatchObject({
      title: expectedFields.title,
      description: expectedFields.description,
      phone: expectedFields.phone,
      websiteUrl: expectedFields.website_url,
      location: expectedFields.location,
      isActive: true,
      audioUrl: created.audioUrl,
    });
    expect(after.logoUrl).toMatch(/\.png$/);
  });

  it('reads the analytics of the last 7 days', async () => {
    const summary = await json(e.analytics);
    expect(summary.period).toBe('7d');
    // The ad was made by the example above: its days start at its creation (today).
    expect((summary.daily as { day: string }[]).map((d) => d.day)).toEqual([summary.to]);
  });

  it('identifies the aired recording as the ad', async () => {
    const answer = await json(e.identify);
    expect(answer).toHaveProperty('candidates');
    expect((answer.match as { slug: string } | null)?.slug).toBe(created.slug);
  });

  it('retries a create with the same Idempotency-Key without creating twice', async () => {
    const first = await json(e.idempotent);
    const again = await json(e.idempotent);
    expect(again).toEqual(first);
    expect((await callApi(t, key, 'GET', '/api/v1/ads')).json().count).toBe(2);
  });

  it('pages through every ad, one a page, newest first, until nextCursor is null', async () => {
    expect(e.page.code).not.toMatch(/\bjq\b/);
    const pages = (await run(e.page))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { ads: OwnAd[]; count: number; nextCursor: string | null });
    const all = (await callApi(t, key, 'GET', '/api/v1/ads')).json() as { ads: OwnAd[] };
    expect(all.ads).toHaveLength(2);
    expect(pages.map((p) => p.ads.map((a) => a.id))).toEqual(all.ads.map((a) => [a.id]));
    expect(pages.map((p) => p.nextCursor === null)).toEqual([false, true]);
  });

  it('oEmbed answers 200 with the rich embed of the ad', async () => {
    const { stdout } = await execFileAsync('bash', ['-c', `${e.oembed.code} -o /dev/null -w '%{http_code}'`], {
      cwd: dir,
      env: { ...process.env, ...vars },
    });
    expect(stdout).toBe('200');
    const answer = await json(e.oembed);
    expect(answer).toMatchObject({ type: 'rich', title: created.title, provider_name: 'AdReplay' });
    expect(answer.html).toContain(`/embed/${created.slug}`);
  });

  it('registers a webhook endpoint, whose answer carries the secret the receiver example verifies with', async () => {
    // The address is a placeholder the reader replaces, as the key is: here, the receiver below.
    expect(e.webhookUrl.code).toBe(`export ${WEBHOOK_URL_VARIABLE}="${WEBHOOK_URL_PLACEHOLDER}"`);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/adreplay-webhook`;
    vars = { ...vars, [WEBHOOK_URL_VARIABLE]: url };
    const endpoint = await json(e.webhookRegister);
    expect(endpoint).toMatchObject({ url, events: ['ad.updated', 'ad.deleted'], enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await callApi(t, key, 'GET', '/api/v1/webhooks')).json().endpoints).toHaveLength(1);

    // The receiver, as shown, with the library installed beside it.
    await writeFile(path.join(dir, 'receiver.mjs'), e.webhookReceive.code);
    await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    receiver = spawn(process.execPath, ['receiver.mjs'], {
      cwd: dir,
      env: { ...process.env, [WEBHOOK_SECRET_VARIABLE]: endpoint.secret as string, PORT: String(port) },
    });
    receiver.stdout!.on('data', (chunk: Buffer) => (received += chunk.toString()));
    // Once it listens, it refuses what is not signed with the secret.
    const unsigned = await until(() =>
      fetch(url, { method: 'POST', body: '{"type":"ad.deleted"}' }).then(
        (r) => r.status,
        () => undefined,
      ),
    );
    expect(unsigned).toBe(400);
  });

  it('deletes the ad, and the receiver verifies the ad.deleted delivery', async () => {
    expect(await run(e.remove)).toBe('');
    expect((await callApi(t, key, 'GET', `/api/v1/ads/${created.id}`)).statusCode).toBe(404);
    const line = await until(() => received.split('\n').find((l) => l.startsWith('ad.deleted ')));
    expect(JSON.parse(line.slice('ad.deleted '.length))).toMatchObject({ ad: { id: created.id } });
    expect(received).not.toContain('ad.updated');
  });

  it('a signed-in reader’s examples carry their own ad’s id and slug', async () => {
    const mine = integrationExamples(ORIGIN, { id: created.id, slug: created.slug });
    const { stdout } = await execFileAsync('bash', ['-c', `${mine.useAd.code}\necho "$AD_ID $AD_SLUG"`]);
    expect(stdout.trim()).toBe(`${created.id} ${created.slug}`);
  });
});
