import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAd } from '../../../shared/ads.js';
import { createLocalStorage } from '../../adapters/storage/local.js';
import { newFileKey, type Storage } from '../../adapters/storage/storage.js';
import { ads as adsTable, subscriptionPlans, userSubscriptions } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm } from '../../test/multipart.js';
import { startS3rver } from '../../test/s3.js';
import { signUpUser } from '../../test/session.js';
import { createPlansRepository } from '../plans/plans.repository.js';
import { createPlansService } from '../plans/plans.service.js';
import { createAdsRepository } from './ads.repository.js';
import { createMyAdsService, SWEEP_GRACE_MS } from './my-ads.service.js';

/** The app's sweep, as of another moment. */
const sweepAt = (t: TestApp, at: Date) =>
  createMyAdsService({
    repo: createAdsRepository(t.db),
    plans: createPlansService(createPlansRepository(t.db)),
    storage: t.storage,
  }).sweepFiles(at);

let tmp: string;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let mp3: Buffer;
let png: Buffer;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-litter-'));
  s3 = await startS3rver(tmp);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'));
});
afterAll(async () => {
  await s3.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('local storage writes', () => {
  it('never show a partial file under its key: it appears whole, or not at all', async () => {
    const root = path.join(tmp, 'partial');
    const storage = createLocalStorage(root);
    const key = newFileKey('audio-files', 'u1', 'spot.mp3');
    const body = new PassThrough();
    const writing = storage.put(key, body, 'audio/mpeg');
    body.write(mp3.subarray(0, 1000));
    await new Promise((r) => setTimeout(r, 100));
    // Mid-upload (where a crash would leave it): nothing under the key, a hidden temporary name only.
    await expect(stat(path.join(root, key))).rejects.toThrow(/ENOENT/);
    const dir = path.join(root, 'audio-files', 'u1');
    expect((await readdir(dir)).every((name) => name.startsWith('.'))).toBe(true);
    body.end(mp3.subarray(1000));
    await writing;
    expect((await readFile(path.join(root, key))).equals(mp3)).toBe(true);
    expect(await readdir(dir)).toEqual([path.basename(key)]);
  });

  it('leave nothing behind when the upload fails midway', async () => {
    const root = path.join(tmp, 'failed');
    const storage = createLocalStorage(root);
    const key = newFileKey('images', 'u1', 'logo.png');
    const failing = Readable.from(
      (async function* () {
        yield png.subarray(0, 100);
        throw new Error('connection lost');
      })(),
    );
    await expect(storage.put(key, failing, 'image/png')).rejects.toThrow('connection lost');
    expect(await readdir(path.join(root, 'images', 'u1'))).toEqual([]);
  });
});

const keysOf = async (storage: Storage) => {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
};

describe.each(['local folder', 'S3-compatible store'])('the sweep of unreferenced files (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind === 'local folder' ? {} : s3.env);
    await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  });
  afterAll(() => t.close());

  it('removes old files no ad refers to, and keeps the files of ads and fresh uploads', async () => {
    const u = await signUpUser(t);
    const [enterprise] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Enterprise'));
    await t.db.insert(userSubscriptions).values({ userId: u.id, planId: enterprise!.id });
    const create = async () => {
      const res = await sendForm(t, 'POST', '/api/my/ads', u.cookie, [
        ['title', 'Kept Spot'],
        ['business_name', 'Corner Shop'],
        ['category', 'Retail'],
        ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
        ['logo', { bytes: png, filename: 'logo.png', type: 'image/png' }],
      ]);
      expect(res.statusCode).toBe(201);
      return res.json() as PublicAd;
    };
    const kept = await create();
    // An ad whose row went away while its files stayed (a crash between the two, or a failed delete).
    const lost = await create();
    await t.db.delete(adsTable).where(eq(adsTable.id, lost.id));
    // A file stored by a creation that never saved its row.
    const orphan = (await t.storage.put(newFileKey('audio-files', u.id, 'a.mp3'), mp3, 'audio/mpeg')).key;
    // Another application's object in a shared bucket or folder is none of the sweep's business.
    const foreign = (await t.storage.put(`other/${u.id}.txt`, Buffer.from('x'), 'text/plain')).key;
    const leftovers = [orphan];
    if (kind === 'local folder') {
      // The unfinished write of an upload cut short by a crash (S3 stores an object whole or not at all).
      const partial = `audio-files/${u.id}/.1700000000000-abc.mp3.1234abcd.part`;
      await mkdir(path.dirname(path.join(t.uploadsDir, partial)), { recursive: true });
      await writeFile(path.join(t.uploadsDir, partial), mp3.subarray(0, 10));
      leftovers.push(partial);
    }
    const keyOf = (url: string | null) => t.storage.keyFromUrl(url!)!;
    const all = await keysOf(t.storage);
    expect(all).toEqual(
      [kept.audioUrl, kept.logoUrl, lost.audioUrl, lost.logoUrl].map(keyOf).concat(leftovers, foreign).sort(),
    );

    // Nothing is old enough yet: an upload may be between its file and its row.
    expect(await t.app.sweepUploads()).toEqual([]);

    // An hour on: everything unreferenced goes.
    const removed = await sweepAt(t, new Date(Date.now() + SWEEP_GRACE_MS + 60_000));
    expect(removed.sort()).toEqual([lost.audioUrl, lost.logoUrl].map(keyOf).concat(leftovers).sort());
    expect(await keysOf(t.storage)).toEqual([kept.audioUrl, kept.logoUrl].map(keyOf).concat(foreign).sort());
    expect((await t.app.inject(`/api/ads/${kept.slug}`)).statusCode).toBe(200);
  });
});
