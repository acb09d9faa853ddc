import type { AdListResponse } from '../src/shared/ads.js';

/** The three listener pages the weight and Lighthouse budgets of issue 3 are about. */
export async function publicPages(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/ads?limit=1`);
  if (!res.ok) throw new Error(`GET /api/ads answered ${res.status}`);
  const [ad] = ((await res.json()) as AdListResponse).ads;
  if (!ad) throw new Error('No seeded ad: start the app with SEED_DEMO=true');
  return [
    { name: 'home', path: '/' },
    { name: 'directory', path: '/directory' },
    { name: 'ad page', path: `/ad/${ad.slug}` },
  ];
}
