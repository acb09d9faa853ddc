import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdInput, type PublicAd } from '../../../shared/ads.js';
import type { AnalyticsSummary } from '../../../shared/analytics.js';
import { API_REQUESTS_PER_MINUTE, apiKeyMessages } from '../../../shared/api-keys.js';
import { API_KEY_VARIABLE, partnerUploadExample } from '../../../shared/partner-api.js';
import { subscriptionPlans, userSubscriptions } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import type { Part as FormPart } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';

const execFileAsync = promisify(execFile);

let t: TestApp;
let mp3: Buffer;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://adreplay.test' });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'));
});
afterAll(() => t.close());

const audio = (bytes = mp3): FormPart => ['audio', { bytes, filename: 'spot.mp3', type: 'audio/mpeg' }];
const logo = (bytes = png): FormPart => ['logo', { bytes, filename: 'logo.png', type: 'image/png' }];
const FIELDS: FormPart[] = [
  ['title', 'Weekend Brunch Spot'],
  ['business_name', 'Sunrise Bakery'],
  ['category', 'Food & Dining'],
  ['location', 'Portland, OR'],
];

/** A new advertiser with a key. */
async function partner() {
  const u = await signUpUser(t);
  return { ...u, key: (await createApiKey(t, u.cookie)).key };
}

describe('the documented upload example', () => {
  /** Splits a command line into words as a POSIX shell does for this subset: "…" quotes, \ line joins. */
  function shellWords(command: string): string[] {
    const words: string[] = [];
    let word: string | null = null;
    let quoted = false;
    for (const c of command.replace(/\\\n/g, ' ')) {
      if (quoted) {
        if (c === '"') quoted = false;
        else word += c;
      } else if (c === '"') {
        quoted = true;
        word ??= '';
      } else if (/\s/.test(c)) {
        if (word !== null) words.push(word);
        word = null;
      } else word = (word ?? '') + c;
    }
    if (word !== null) words.push(word);
    return words;
  }

  /** Reads the example back as curl would: URL, headers, fields and files. */
  function parseCurl(command: string) {
    const args = shellWords(command);
    expect(args.slice(0, 3)).toEqual(['curl', '-X', 'POST']);
    const parsed = {
      url: args[3]!,
      headers: [] as string[],
      fields: [] as [string, string][],
      files: [] as [string, string][],
    };
    for (let i = 4; i < args.length; i += 2) {
      const [flag, value] = [args[i], args[i + 1]!];
      const [name, ...rest] = value.split('=');
      const v = rest.join('=');
      if (flag === '-H') parsed.headers.push(value);
      else if (flag === '-F' && v.startsWith('@')) parsed.files.push([name!, v.slice(1)]);
      else if (flag === '-F' || flag === '--form-string') parsed.fields.push([name!, v]);
      else throw new Error(`unexpected argument ${flag}`);
    }
    return parsed;
  }

  it('runs as written: the same URL, header, fields and files create the ad (201)', async () => {
    const { key } = await partner();
    const curl = parseCurl(partnerUploadExample(t.config.PUBLIC_ORIGIN));
    expect(curl.url).toBe('https://adreplay.test/api/v1/ads');
    expect(curl.headers).toEqual([`Authorization: Bearer $${API_KEY_VARIABLE}`]);
    expect(curl.fields.map(([name]) => name)).toContain('website_url');
    expect(curl.files).toEqual([
      ['audio', 'spot.mp3'],
      ['logo', 'logo.png'],
    ]);
    const files: Record<string, Buffer> = { 'spot.mp3': mp3, 'logo.png': png };
    const res = await callApi(t, key, 'POST', new URL(curl.url).pathname, [
      ...curl.fields,
      ...curl.files.map(([field, file]): FormPart => [field, { bytes: files[file]!, filename: file }]),
    ]);
    expect(res.statusCode).toBe(201);
    const ad = res.json() as PublicAd;
    expect(ad).toMatchObject({
      title: 'Morning Drive Sponsor',
      businessName: 'Sunrise Bakery',
      category: 'Food & Dining',
      location: 'Portland, OR',
      description: 'Fresh bread every morning.',
      websiteUrl: 'https://sunrise-bakery.example.com',
      phone: '(555) 010-1201',
      isActive: true,
    });
    expect(ad.logoUrl).toMatch(/\.png$/);
  });
});

describe('the documented upload example, run by a shell', () => {
  it('creates the ad when its text runs verbatim through bash -c (origin and key substituted)', async () => {
    const { key } = await partner();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-curl-'));
    try {
      await writeFile(path.join(dir, 'spot.mp3'), mp3);
      await writeFile(path.join(dir, 'logo.png'), png);
      const command = partnerUploadExample(address);
      const { stdout } = await execFileAsync('bash', ['-c', `${command} --silent --show-error`], {
        cwd: dir,
        env: { ...process.env, [API_KEY_VARIABLE]: key },
      });
      const ad = JSON.parse(stdout) as PublicAd;
      expect(ad).toMatchObject({
        title: 'Morning Drive Sponsor',
        category: 'Food & Dining',
        location: 'Portland, OR',
        phone: '(555) 010-1201',
        websiteUrl: 'https://sunrise-bakery.example.com',
      });
      expect(ad.logoUrl).toMatch(/\.png$/);
      expect(ad.audioDurationMs).toBeGreaterThan(10_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('ads through the public API', () => {
  it('creates, lists, reads, updates and deletes one of my ads', async () => {
    const p = await partner();
    const created = await callApi(t, p.key, 'POST', '/api/v1/ads', [...FIELDS, audio(), logo()]);
    expect(created.statusCode).toBe(201);
    const ad = created.json() as PublicAd;
    expect(ad).toMatchObject({ userId: p.id, status: 'published', isActive: true, isFeatured: false });
    expect(ad.waveformPeaks).toHaveLength(40);

    expect((await callApi(t, p.key, 'GET', '/api/v1/ads')).json()).toEqual({ ads: [ad], count: 1, nextCursor: null });
    expect((await callApi(t, p.key, 'GET', `/api/v1/ads/${ad.id}`)).json()).toEqual(ad);
    // The dashboard sees it too: one set of ads, two ways in.
    const mine = await t.app.inject({ url: '/api/my/ads', headers: { cookie: p.cookie } });
    expect(mine.json().ads.map((a: PublicAd) => a.id)).toEqual([ad.id]);

    const updated = await callApi(t, p.key, 'PUT', `/api/v1/ads/${ad.id}`, [
      ['title', 'Weekday Brunch Spot'],
      ['business_name', 'Sunrise Bakery'],
      ['category', 'Food & Dining'],
      ['is_active', 'false'],
    ]);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: ad.id,
      title: 'Weekday Brunch Spot',
      location: null,
      isActive: false,
      audioUrl: ad.audioUrl, // no new audio: the stored one stays
      logoUrl: ad.logoUrl,
    });

    expect((await callApi(t, p.key, 'DELETE', `/api/v1/ads/${ad.id}`)).statusCode).toBe(204);
    const gone = await callApi(t, p.key, 'GET', `/api/v1/ads/${ad.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Ad not found' });
    expect((await t.app.inject(ad.audioUrl)).statusCode).toBe(404);
  });

  it.each([
    [() => [['title', 'ab'], ...FIELDS.slice(1), audio()], 400, 'title: Title must be at least 3 characters'],
    [
      () => [...FIELDS.filter(([n]) => n !== 'business_name'), audio()],
      400,
      'business_name: Business name is required',
    ],
    [() => [...FIELDS.slice(0, 2), ['category', 'Spaceships'], audio()], 400, 'category: Category is required'],
    [() => [...FIELDS, ['website_url', 'not a url'], audio()], 400, 'website_url: Must be a valid URL'],
    [() => FIELDS, 400, 'Audio file is required'],
    [
      () => [...FIELDS, audio(Buffer.from('not audio\n'.repeat(100)))],
      415,
      'Invalid file type. Please select a audio file.',
    ],
    [() => [...FIELDS, audio(), logo(Buffer.from('<svg/>'))], 415, 'Invalid file type. Please select a image file.'],
    [() => [...FIELDS, audio(Buffer.concat([mp3, Buffer.alloc(10 << 20)]))], 413, 'File size exceeds 10MB limit.'],
  ] as [() => FormPart[], number, string][])(
    'refuses a bad form with the dashboard’s status and message (%#)',
    async (form, status, message) => {
      const p = await partner();
      const res = await callApi(t, p.key, 'POST', '/api/v1/ads', form());
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect((await callApi(t, p.key, 'GET', '/api/v1/ads')).json().count).toBe(0);
    },
  );

  it("keeps to the plan's monthly limit", async () => {
    const p = await partner();
    for (let i = 0; i < 3; i++) {
      expect((await callApi(t, p.key, 'POST', '/api/v1/ads', [...FIELDS, audio()])).statusCode).toBe(201);
    }
    const refused = await callApi(t, p.key, 'POST', '/api/v1/ads', [...FIELDS, audio()]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You have reached your ad creation limit for this month');
  });

  it('answers 404 for ids that are not ads, and for unknown routes', async () => {
    const p = await partner();
    for (const url of ['/api/v1/ads/not-an-id', `/api/v1/ads/${crypto.randomUUID()}`, '/api/v1/ads/x/analytics']) {
      expect((await callApi(t, p.key, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await callApi(t, p.key, 'PUT', `/api/v1/ads/${crypto.randomUUID()}`, [...FIELDS])).statusCode).toBe(404);
    expect((await callApi(t, p.key, 'DELETE', '/api/v1/ads/123')).statusCode).toBe(404);
    expect((await callApi(t, p.key, 'GET', '/api/v1/nothing')).statusCode).toBe(404);
  });
});

describe("an ad's analytics", () => {
  it('is the same summary as the dashboard’s for that ad, over the chosen period', async () => {
    const p = await partner();
    // Breakdowns come with the plans that include analytics (on Free the dashboard shows totals only).
    const [premium] = (await t.db.select().from(subscriptionPlans)).filter((plan) => plan.name === 'Premium');
    await t.db.insert(userSubscriptions).values({ userId: p.id, planId: premium!.id });
    const ad = (await callApi(t, p.key, 'POST', '/api/v1/ads', [...FIELDS, audio()])).json() as PublicAd;
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { ad_id: ad.id, event_type: 'play', source: 'embed' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
    });
    expect(event.statusCode).toBe(202);
    await t.app.eventIngest.flush();

    const res = await callApi(t, p.key, 'GET', `/api/v1/ads/${ad.id}/analytics?period=7d`);
    expect(res.statusCode).toBe(200);
    const summary = res.json() as AnalyticsSummary;
    expect(summary).toMatchObject({
      period: '7d',
      totals: { plays: 1, ads: 1 },
      sources: [{ source: 'embed', events: 1 }],
    });
    // The ad was made today: its days start at its creation, not with six empty ones before it existed.
    expect(summary.daily.map((d) => d.day)).toEqual([summary.to]);
    expect(summary.from).toBe(summary.to);
    const dashboard = await t.app.inject({
      url: `/api/analytics?period=7d&adId=${ad.id}`,
      headers: { cookie: p.cookie },
    });
    expect(dashboard.json()).toEqual(summary);
    expect((await callApi(t, p.key, 'GET', `/api/v1/ads/${ad.id}/analytics`)).json().period).toBe('30d');

    const bad = await callApi(t, p.key, 'GET', `/api/v1/ads/${ad.id}/analytics?period=1y`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('period must be one of: 7d, 30d, 90d, all');
  });
});

describe('the rate limit', () => {
  it(`allows ${API_REQUESTS_PER_MINUTE} requests a minute per key, then answers 429`, async () => {
    const a = await partner();
    const b = await partner();
    for (let i = 0; i < API_REQUESTS_PER_MINUTE; i++) {
      const res = await callApi(t, a.key, 'GET', '/api/v1/ads');
      expect(res.statusCode).toBe(200);
      if (i === 0) expect(res.headers['x-ratelimit-limit']).toBe(String(API_REQUESTS_PER_MINUTE));
    }
    const refused = await callApi(t, a.key, 'GET', '/api/v1/ads');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      error: 'Too Many Requests',
      message: apiKeyMessages.tooManyRequests,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another key (another partner) is counted on its own.
    expect((await callApi(t, b.key, 'GET', '/api/v1/ads')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 describing every endpoint, the key and the ad form', async () => {
    const res = await t.app.inject('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://adreplay.test' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => m !== 'parameters')
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /api/v1/ads',
        'POST /api/v1/ads',
        'GET /api/v1/ads/{id}',
        'PUT /api/v1/ads/{id}',
        'PATCH /api/v1/ads/{id}',
        'DELETE /api/v1/ads/{id}',
        'GET /api/v1/ads/{id}/analytics',
        'POST /api/v1/identify',
        'GET /api/v1/openapi.json',
        'GET /api/v1/stations',
        'POST /api/v1/stations',
        'GET /api/v1/stations/{id}',
        'PUT /api/v1/stations/{id}',
        'DELETE /api/v1/stations/{id}',
        'PUT /api/v1/stations/{id}/logo',
        'GET /api/v1/stations/{id}/airings',
        'POST /api/v1/airings',
        'GET /api/v1/webhooks',
        'POST /api/v1/webhooks',
        'GET /api/v1/webhooks/{id}',
        'PATCH /api/v1/webhooks/{id}',
        'DELETE /api/v1/webhooks/{id}',
        'GET /api/v1/webhooks/{id}/deliveries',
        'POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
        'POST /api/v1/webhooks/{id}/test',
      ].sort(),
    );
    // Every operation with a key tells the key's and the limit's refusals; every POST takes an Idempotency-Key
    // and tells its refusals (409 while the first request runs, 422 for another request under the key).
    type Operation = { responses: Record<string, unknown>; parameters?: { in: string; name: string }[] };
    for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      if (p === '/api/v1/openapi.json') continue;
      for (const [method, op] of Object.entries(item)) {
        const statuses = Object.keys(op.responses);
        expect(statuses, `${method} ${p}`).toEqual(expect.arrayContaining(['401', '429']));
        const headers = (op.parameters ?? []).filter((x) => x.in === 'header').map((x) => x.name);
        if (method === 'post') {
          expect(headers, `${method} ${p}`).toEqual(['Idempotency-Key']);
          expect(statuses, `${method} ${p}`).toEqual(expect.arrayContaining(['409', '422']));
        } else expect(headers, `${method} ${p}`).toEqual([]);
      }
    }
  });

  it("takes the ad form's fields and rules from AdInput, plus the two files", async () => {
    const { components } = (await t.app.inject('/api/v1/openapi.json')).json();
    const create = components.schemas.AdCreateForm;
    expect(Object.keys(create.properties).sort()).toEqual([...Object.keys(AdInput.shape), 'audio', 'logo'].sort());
    expect(create.required.sort()).toEqual(['audio', 'business_name', 'category', 'title']);
    expect(components.schemas.AdUpdateForm.required.sort()).toEqual(['business_name', 'category', 'title']);
    expect(create.properties.title).toEqual({ type: 'string', minLength: 3, maxLength: 120 });
    expect(create.properties.category.enum).toContain('Food & Dining');
    expect(create.properties.audio).toMatchObject({ type: 'string', format: 'binary' });
  });
});
