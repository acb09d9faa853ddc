import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../../shared/api-v1.js';
import { ads, subscriptionPlans } from '../../db/schema.js';
import { makeAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { ROOT, SEED_ASSETS_DIR } from '../../paths.js';
import { typedClientExample } from '../../../shared/partner-api.js';
import { createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';
import { API_TYPES_FILE, apiTypesOf } from './api-types.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('src/shared/api-v1.d.ts', () => {
  it('is what openapi-typescript makes of the OpenAPI document now (else: npm run api:types)', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    expect(committed).toContain('listAds');
    expect(await apiTypesOf(t.app.swagger()), 'stale: run npm run api:types and commit the file').toBe(committed);
  });
});

describe('the typed example', () => {
  it('is the same in docs/api.md as on /docs/integration', async () => {
    const text = await readFile(path.join(ROOT, 'docs/api.md'), 'utf8');
    const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!.trim());
    expect(blocks).toEqual([typedClientExample('http://localhost:3000')]);
  });
});

describe('openapi-fetch with the generated types, against the listening app', () => {
  it('creates an ad (multipart), patches it, and pages through every ad by cursor', async () => {
    const user = await signUpUser(t);
    const { key } = await createApiKey(t, user.cookie);
    const older = await t.db
      .insert(ads)
      .values([
        makeAd({ userId: user.id, title: 'Older one', createdAt: new Date('2026-01-02T00:00:00Z') }),
        makeAd({ userId: user.id, title: 'Oldest one', createdAt: new Date('2026-01-01T00:00:00Z') }),
      ])
      .returning({ id: ads.id });
    const { port } = t.app.server.address() as AddressInfo;
    const api = createClient<paths>({
      baseUrl: `http://127.0.0.1:${port}`,
      headers: { Authorization: `Bearer ${key}` },
    });

    const mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
    const created = await api.POST('/api/v1/ads', {
      body: {
        title: 'Typed Client Sponsor',
        business_name: 'Sunrise Bakery',
        category: 'Food & Dining',
        location: 'Portland, OR',
        audio: 'spot.mp3',
      },
      // Files go as multipart: the typed fields, and the audio's bytes under the name the body gives.
      bodySerializer(fields) {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) if (name !== 'audio') form.append(name, String(value));
        form.append('audio', new Blob([mp3], { type: 'audio/mpeg' }), fields.audio);
        return form;
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const ad = created.data!;
    expect(ad).toMatchObject({ title: 'Typed Client Sponsor', location: 'Portland, OR', userId: user.id });

    const patched = await api.PATCH('/api/v1/ads/{id}', {
      params: { path: { id: ad.id } },
      body: { description: 'Fresh bread every morning.' },
    });
    expect(patched.data).toMatchObject({
      id: ad.id,
      description: 'Fresh bread every morning.',
      title: 'Typed Client Sponsor',
      location: 'Portland, OR',
    });

    // The loop of the guide's typed example, a page of one ad at a time.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data, error } = await api.GET('/api/v1/ads', { params: { query: { limit: 1, cursor } } });
      if (error) throw new Error(error.message);
      seen.push(...data.ads.map((a) => a.id));
      cursor = data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([ad.id, ...older.map((o) => o.id)]);

    const bad = await api.GET('/api/v1/ads', { params: { query: { cursor: 'not-a-cursor' } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.code).toBe('VALIDATION_FAILED');
  });
});
