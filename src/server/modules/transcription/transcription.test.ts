import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdListResponse, OwnAd } from '../../../shared/ads.js';
import { ads, subscriptionPlans, transcriptionJobs } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { sendJson, startFakeTranscriber, verboseAnswer, type FakeTranscriber } from '../../test/fake-transcriber.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';

/**
 * Automatic transcription through the whole app: TRANSCRIBE_URL points at a local service that speaks
 * the OpenAI-compatible API, and the app's own job runner runs the jobs (polling every 50 ms).
 */
let t: TestApp;
let fake: FakeTranscriber;
let mp3: Buffer;
let otherMp3: Buffer;

beforeAll(async () => {
  fake = await startFakeTranscriber();
  t = await createTestApp(
    { TRANSCRIBE_URL: fake.url, TRANSCRIBE_API_KEY: 'test-transcribe-key' },
    { transcription: { retryDelaySeconds: 1 } },
  );
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  otherMp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/corner-hardware.mp3'));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const FIELDS: Part[] = [
  ['title', 'Morning Spot'],
  ['business_name', 'Harbor Bakery'],
  ['category', 'Food & Dining'],
];
const audio = (bytes = mp3): Part => ['audio', { bytes, filename: 'spot.mp3', type: 'audio/mpeg' }];

const create = async (cookie: string, parts: Part[] = [...FIELDS, audio()]) => {
  const res = await sendForm(t, 'POST', '/api/my/ads', cookie, parts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OwnAd;
};
const get = async (cookie: string, id: string) =>
  (await t.app.inject({ url: `/api/my/ads/${id}`, headers: { cookie } })).json() as OwnAd;

/** Waits until the owner's view of the ad passes `check`. */
async function until(cookie: string, id: string, check: (ad: OwnAd) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ad = await get(cookie, id);
    if (check(ad)) return ad;
    if (Date.now() > deadline) throw new Error(`timed out; last state ${JSON.stringify(ad.transcription)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const statusIs = (status: string) => (ad: OwnAd) => ad.transcription?.status === status;

/** Holds the service's answers until release() is called. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

const LINES = ['Good morning, harbor town!', 'Say zanzibarian pancakes at the counter and the second latte is free.'];

describe('automatic transcription', () => {
  it('transcribes a new audio in the background, then search finds words only the transcript holds', async () => {
    const u = await signUpUser(t);
    const held = gate();
    const before = fake.received.length;
    fake.answer(async (res) => {
      await held.opened;
      sendJson(res, 200, verboseAnswer(LINES));
    });

    // The upload is answered while the service has not answered yet.
    const ad = await create(u.cookie);
    expect(['pending', 'running']).toContain(ad.transcription?.status);
    expect(ad.transcript).toBeNull();
    const running = await until(u.cookie, ad.id, statusIs('running'));
    expect(running.transcription).toMatchObject({ status: 'running', error: null });

    held.release();
    const done = await until(u.cookie, ad.id, statusIs('done'));
    expect(done.transcript).toBe(LINES.join('\n'));
    expect(done.transcriptSegments).toEqual([
      { start: 0, end: 3, text: LINES[0] },
      { start: 3, end: 6, text: LINES[1] },
    ]);

    // The request the service got: the stored bytes, as the documented multipart fields, with the key.
    expect(fake.received.length - before).toBe(1);
    const req = fake.received.at(-1)!;
    expect(req.authorization).toBe('Bearer test-transcribe-key');
    expect(req.fields).toEqual({ model: 'whisper-1', response_format: 'verbose_json' });
    expect(req.file?.bytes.equals(mp3)).toBe(true);
    expect(req.file?.name).toMatch(/\.mp3$/);
    expect(req.file?.type).toBe('audio/mpeg');

    const found = (await t.app.inject('/api/ads?search=zanzibarian%20pancakes')).json() as AdListResponse;
    expect(found.ads.map((a) => a.id)).toEqual([ad.id]);
    expect(found.ads[0]!.match?.snippetFrom).toBe('transcript');
    // The job ended and holds nothing any more.
    const [job] = await t.db.select().from(transcriptionJobs).where(eq(transcriptionJobs.adId, ad.id));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect((await t.app.jobs.counts()).transcription).toMatchObject({ created: 0, retry: 0, active: 0, completed: 1 });
  });

  it("keeps the owner's edit made while the service was working, over the result that comes later", async () => {
    const u = await signUpUser(t);
    const held = gate();
    fake.answer(async (res) => {
      await held.opened;
      sendJson(res, 200, verboseAnswer(['The automatic words.']));
    });
    const ad = await create(u.cookie);
    await until(u.cookie, ad.id, statusIs('running'));
    const edit = await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, u.cookie, [
      ...FIELDS,
      ['transcript', 'Our own script, typed by hand.'],
    ]);
    expect(edit.statusCode, edit.body).toBe(200);

    held.release();
    const kept = await until(u.cookie, ad.id, statusIs('kept'));
    expect(kept.transcript).toBe('Our own script, typed by hand.');
  });

  it('keeps a script typed with the audio, without asking the service', async () => {
    const u = await signUpUser(t);
    const before = fake.received.length;
    fake.answer((res) => sendJson(res, 200, verboseAnswer(['Should never be asked.'])));
    const ad = await create(u.cookie, [...FIELDS, ['transcript', '[0:00] Typed with the upload.'], audio()]);
    const kept = await until(u.cookie, ad.id, statusIs('kept'));
    expect(kept.transcript).toBe('Typed with the upload.');
    expect(fake.received.length).toBe(before);
  });

  it('transcribes a replaced audio once more, and only once; other edits start nothing', async () => {
    const u = await signUpUser(t);
    fake.answer((res, r) =>
      sendJson(res, 200, verboseAnswer([r.file!.bytes.equals(mp3) ? 'First recording.' : 'Second recording.'])),
    );
    const before = fake.received.length;
    const ad = await create(u.cookie);
    const first = await until(u.cookie, ad.id, statusIs('done'));
    expect(first.transcript).toBe('First recording.');

    // The form sends the transcript back as it shows it: unchanged, it is not the owner's edit.
    const replace = await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, u.cookie, [
      ...FIELDS,
      ['transcript', '[0:00] First recording.'],
      audio(otherMp3),
    ]);
    expect(replace.statusCode, replace.body).toBe(200);
    const second = await until(u.cookie, ad.id, (a) => a.transcript === 'Second recording.');
    expect(second.transcription?.status).toBe('done');

    const retitle = await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, u.cookie, [
      ['title', 'Morning Spot, renamed'],
      ...FIELDS.slice(1),
    ]);
    expect(retitle.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300)); // six polls of the worker
    expect(fake.received.length - before).toBe(2);
    expect((await get(u.cookie, ad.id)).transcript).toBe('Second recording.');
  });

  it("fails a job the service refuses, at once, with the service's reason for the owner", async () => {
    const u = await signUpUser(t);
    fake.answer((res) =>
      sendJson(res, 400, { error: { message: 'Invalid file format.', type: 'invalid_request_error' } }),
    );
    const ad = await create(u.cookie);
    const failed = await until(u.cookie, ad.id, statusIs('failed'));
    expect(failed.transcription?.error).toBe('the service answered 400: Invalid file format.');
    expect(failed.transcript).toBeNull();
  });

  it('retries a failing service with backoff until it answers', async () => {
    const u = await signUpUser(t);
    let calls = 0;
    fake.answer((res) =>
      ++calls < 3 ? sendJson(res, 503, 'busy') : sendJson(res, 200, verboseAnswer(['Third time lucky.'])),
    );
    const ad = await create(u.cookie);
    const pending = await until(u.cookie, ad.id, (a) => a.transcription?.error === 'the service answered 503');
    expect(pending.transcription?.status).toMatch(/pending|running/);
    // Retries wait 1-2 s, then 2-4 s.
    const done = await until(u.cookie, ad.id, statusIs('done'), 30_000);
    expect(done.transcript).toBe('Third time lucky.');
    expect(calls).toBe(3);
    const [job] = await t.db.select().from(transcriptionJobs).where(eq(transcriptionJobs.adId, ad.id));
    expect(job).toMatchObject({ status: 'done', attempts: 3, error: null });
  });

  it('removes the job with its ad', async () => {
    const u = await signUpUser(t);
    fake.answer((res) => sendJson(res, 200, verboseAnswer(['Soon gone.'])));
    const ad = await create(u.cookie);
    await until(u.cookie, ad.id, statusIs('done'));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/my/ads/${ad.id}`,
      headers: { cookie: u.cookie, origin: t.config.PUBLIC_ORIGIN },
    });
    expect(del.statusCode).toBe(204);
    expect(await t.db.select().from(transcriptionJobs).where(eq(transcriptionJobs.adId, ad.id))).toEqual([]);
    expect(await t.db.select().from(ads).where(eq(ads.id, ad.id))).toEqual([]);
  });

  it('shows the state to partners through the API and its OpenAPI document', async () => {
    const u = await signUpUser(t);
    fake.answer((res) => sendJson(res, 200, verboseAnswer(['Partner words.'])));
    const ad = await create(u.cookie);
    await until(u.cookie, ad.id, statusIs('done'));
    const key = await createApiKey(t, u.cookie);
    const read = await callApi(t, key.key, 'GET', `/api/v1/ads/${ad.id}`);
    expect(read.json()).toMatchObject({ transcript: 'Partner words.', transcription: { status: 'done', error: null } });
    const doc = (await t.app.inject('/api/v1/openapi.json')).json();
    expect(JSON.stringify(doc.components.schemas.Ad.properties.transcription)).toContain('"kept"');
  });
});

describe('without TRANSCRIBE_URL (the embedded default)', () => {
  it('says transcription is off, starts no job and runs no worker', async () => {
    const off = await createTestApp({}, { database: t.database });
    try {
      expect(off.app.transcription).toBeNull();
      const u = await signUpUser(off);
      const res = await sendForm(off, 'POST', '/api/my/ads', u.cookie, [...FIELDS, audio()]);
      expect(res.statusCode).toBe(201);
      const ad = res.json() as OwnAd;
      expect(ad.transcription).toEqual({ status: 'off', error: null, updatedAt: null });
      expect(ad.transcript).toBeNull();
      expect(await t.db.select().from(transcriptionJobs).where(eq(transcriptionJobs.adId, ad.id))).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
