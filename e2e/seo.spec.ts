import type { AdListResponse } from '../src/shared/ads';
import { expect, test } from './fixtures';

test('a seeded ad page previews without JavaScript and is in the sitemap', async ({ request, baseURL }) => {
  const { ads } = (await (await request.get('/api/ads?limit=1')).json()) as AdListResponse;
  const ad = ads[0]!;
  const res = await request.get(`/ad/${ad.slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<meta property="og:title" content="${ad.title} | AdReplay" />`);
  expect(html).toContain(`<meta property="og:url" content="${baseURL}/ad/${ad.slug}" />`);
  expect(html).toContain(`<meta property="og:audio" content="${baseURL}${ad.audioUrl}" />`);
  expect(html).toContain('"@type":"AudioObject"');
  expect((await request.get('/ad/not-a-real-ad')).status()).toBe(404);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${baseURL}/ad/${ad.slug}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect((await request.get('/manifest.webmanifest')).status()).toBe(200);
});
