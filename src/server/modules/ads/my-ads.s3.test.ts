import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicAd } from '../../../shared/ads.js';
import { subscriptionPlans } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm } from '../../test/multipart.js';
import { startS3rver } from '../../test/s3.js';
import { signUpUser } from '../../test/session.js';

/** The dashboard's create and delete with the app configured for an S3-compatible store (s3rver on loopback). */
let tmp: string;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let t: TestApp;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-s3-api-'));
  s3 = await startS3rver(tmp);
  t = await createTestApp(s3.env);
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
});
afterAll(async () => {
  await t.close();
  await s3.close();
  await rm(tmp, { recursive: true, force: true });
});

it('creates an ad with its files in the bucket, and deleting it removes them', async () => {
  const u = await signUpUser(t);
  const mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  const png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'));
  const res = await sendForm(t, 'POST', '/api/my/ads', u.cookie, [
    ['title', 'Bucket Spot'],
    ['business_name', 'Corner Shop'],
    ['category', 'Retail'],
    ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
    ['logo', { bytes: png, filename: 'logo.png', type: 'image/png' }],
  ]);
  expect(res.statusCode).toBe(201);
  const ad = res.json() as PublicAd;
  const base = `${s3.env.S3_PUBLIC_URL}/`;
  expect(ad.audioUrl).toMatch(new RegExp(`^${base}audio-files/${u.id}/\\d+-[0-9a-f]{12}\\.mp3$`));
  expect(ad.logoUrl).toMatch(new RegExp(`^${base}images/${u.id}/\\d+-[0-9a-f]{12}\\.png$`));
  const audio = await fetch(ad.audioUrl);
  expect(audio.status).toBe(200);
  expect(Buffer.from(await audio.arrayBuffer()).equals(mp3)).toBe(true);
  expect((await fetch(ad.logoUrl!)).status).toBe(200);

  const del = await t.app.inject({
    method: 'DELETE',
    url: `/api/my/ads/${ad.id}`,
    headers: { cookie: u.cookie, origin: t.config.PUBLIC_ORIGIN },
  });
  expect(del.statusCode).toBe(204);
  expect((await fetch(ad.audioUrl)).status).toBe(404);
  expect((await fetch(ad.logoUrl!)).status).toBe(404);
});
