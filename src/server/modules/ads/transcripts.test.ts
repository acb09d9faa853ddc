import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAd } from '../../../shared/ads.js';
import { parseTimedLines, segmentAt, toWebVtt } from '../../../shared/transcripts.js';
import { subscriptionPlans } from '../../db/schema.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';
import { createWebDir } from '../../test/web-dir.js';

const ORIGIN = 'https://adreplay.example';
const HOSTILE = 'Call now </script><script>alert(1)</script> & save --> today';

let t: TestApp;
let webDir: string;
let timed: string;
let plain: string;

beforeAll(async () => {
  webDir = await createWebDir();
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN }, { webDir });
  const owner = (await createUser(t.db)).id;
  timed = (
    await insertAd(t.db, {
      userId: owner,
      title: 'Timed Transcript Ad',
      transcript: `Good morning.\n${HOSTILE}`,
      transcriptSegments: [
        { start: 0, end: 2.5, text: 'Good morning.' },
        { start: 2.5, end: 65.25, text: HOSTILE },
      ],
    })
  ).slug;
  plain = (await insertAd(t.db, { userId: owner, title: 'Plain Transcript Ad', transcript: 'Just words.' })).slug;
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

describe('transcripts on the ad page', () => {
  it('are in the server-rendered JSON-LD, escaped, with the captions linked in the head', async () => {
    const html = (await t.app.inject(`/ad/${timed}`)).body;
    expect(jsonLd(html).transcript).toBe(`Good morning.\n${HOSTILE}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(
      `<link rel="alternate" type="text/vtt" href="${ORIGIN}/api/ads/${timed}/captions.vtt" title="Captions" />`,
    );
  });

  it('link no captions when the transcript has no timed lines', async () => {
    const html = (await t.app.inject(`/ad/${plain}`)).body;
    expect(jsonLd(html).transcript).toBe('Just words.');
    expect(html).not.toContain('text/vtt');
  });

  it('come with the ad from the API', async () => {
    const ad = (await t.app.inject(`/api/ads/${timed}`)).json() as PublicAd;
    expect(ad.transcriptSegments).toHaveLength(2);
    expect(ad.transcript).toContain('Good morning.');
  });
});

describe('GET /api/ads/:slug/captions.vtt', () => {
  it('serves the timed lines as WebVTT, cue text escaped', async () => {
    const res = await t.app.inject(`/api/ads/${timed}/captions.vtt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.body).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nGood morning.\n\n' +
        '2\n00:00:02.500 --> 00:01:05.250\nCall now &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; save --&gt; today\n',
    );
  });

  it('answers 404 for an ad without timed lines and for an unknown ad', async () => {
    const none = await t.app.inject(`/api/ads/${plain}/captions.vtt`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This ad has no captions');
    expect((await t.app.inject('/api/ads/nope/captions.vtt')).statusCode).toBe(404);
  });
});

describe('the transcript through the partner API', () => {
  const FIELDS: Part[] = [
    ['title', 'Partner Spot'],
    ['business_name', 'Partner Co'],
    ['category', 'Retail'],
  ];

  it('writes and reads plain text, timed lines and JSON segments, and leaves it alone when omitted', async () => {
    await t.db.insert(subscriptionPlans).values(PLAN_SEED);
    const key = (await createApiKey(t, (await signUpUser(t)).cookie)).key;
    const mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
    const audio: Part = ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }];

    const created = await callApi(t, key, 'POST', '/api/v1/ads', [
      ...FIELDS,
      audio,
      ['transcript', '[0:00] Come in today.\n[0:03] Second line.'],
    ]);
    expect(created.statusCode).toBe(201);
    const ad = created.json() as PublicAd;
    expect(ad.transcript).toBe('Come in today.\nSecond line.');
    expect(ad.transcriptSegments).toEqual([
      { start: 0, end: 3, text: 'Come in today.' },
      { start: 3, end: ad.audioDurationMs! / 1000, text: 'Second line.' },
    ]);

    const url = `/api/v1/ads/${ad.id}`;
    const edit = (extra: Part[]) => callApi(t, key, 'PUT', url, [...FIELDS, ...extra]);
    const untouched = (await edit([])).json() as PublicAd;
    expect(untouched.transcript).toBe('Come in today.\nSecond line.');

    const segments = [{ start: 0.5, end: 2, text: 'From JSON.' }];
    const json = (await edit([['transcript_segments', JSON.stringify(segments)]])).json() as PublicAd;
    expect(json).toMatchObject({ transcript: 'From JSON.', transcriptSegments: segments });

    const text = (await edit([['transcript', 'Plain words only.']])).json() as PublicAd;
    expect(text).toMatchObject({ transcript: 'Plain words only.', transcriptSegments: null });
    expect(((await callApi(t, key, 'GET', url)).json() as PublicAd).transcript).toBe('Plain words only.');

    const bad = await edit([['transcript_segments', '[{"start": 3, "end": 1, "text": "x"}]']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('transcript_segments');
  });
});

describe('timed lines', () => {
  it('reads [m:ss] lines as segments ending where the next starts', () => {
    expect(parseTimedLines('[0:00] Hello there\n[0:04.5] Second line\n1:02 Last', 70)).toEqual([
      { start: 0, end: 4.5, text: 'Hello there' },
      { start: 4.5, end: 62, text: 'Second line' },
      { start: 62, end: 70, text: 'Last' },
    ]);
  });

  it('treats text with any untimed line, or times going backwards, as plain text', () => {
    expect(parseTimedLines('[0:00] Hello\nno time here')).toBeNull();
    expect(parseTimedLines('[0:05] Later\n[0:01] Earlier')).toBeNull();
    expect(parseTimedLines('Call 555 now')).toBeNull();
  });

  it('knows the line playing at a time', () => {
    const lines = [
      { start: 1, end: 2, text: 'a' },
      { start: 2, end: 5, text: 'b' },
    ];
    expect([0.5, 1, 2.1, 9].map((s) => segmentAt(lines, s))).toEqual([-1, 0, 1, 1]);
    expect(toWebVtt(lines)).toContain('00:00:01.000 --> 00:00:02.000\na');
  });
});
