import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { slugify } from '../../../shared/ads.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { newFileKey } from '../../adapters/storage/storage.js';
import { readAudioFacts } from '../../modules/media/audio-facts.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import type { Db } from '../client.js';
import { monthOf } from '../../modules/plans/plans.repository.js';
import { ads, subscriptionPlans, usageTracking, userSubscriptions } from '../schema.js';
import { demoAds, scriptSegments } from './demo-ads.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoStations } from './demo-stations.js';
import { createUser, makeAd } from './factories.js';
import { syncPlans } from './plans.js';

export const DEMO_ACCOUNT = { email: 'demo@adreplay.test', password: 'demo-advertiser' } as const;
const DAY = 86_400_000;

/**
 * Fills an empty database with the plans, a demo advertiser, the demo ads and their analytics history.
 * Runs once: the plans table is the marker (so it runs before syncPlans), and everything is written in one
 * transaction.
 */
export async function seedIfEmpty(db: Db, storage: Storage, now = Date.now()): Promise<boolean> {
  const existing = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).limit(1);
  if (existing.length > 0) return false;

  const demo = { id: randomBytes(16).toString('hex') };

  // Files first, outside the transaction; removed again if the rows cannot be written.
  const uploaded: string[] = [];
  try {
    const rows: ReturnType<typeof makeAd>[] = [];
    for (const ad of demoAds) {
      const audio = await readFile(path.join(SEED_ASSETS_DIR, 'audio', `${ad.key}.mp3`));
      const logo = await readFile(path.join(SEED_ASSETS_DIR, 'logos', `${ad.key}.png`));
      const facts = await readAudioFacts(audio, 'mp3');
      const createdAt = new Date(now - ad.daysAgo * DAY);
      const audioFile = await storage.put(
        newFileKey('audio-files', demo.id, `${ad.key}.mp3`, createdAt.getTime()),
        audio,
        'audio/mpeg',
      );
      uploaded.push(audioFile.key);
      const logoFile = await storage.put(
        newFileKey('images', demo.id, `${ad.key}.png`, createdAt.getTime()),
        logo,
        'image/png',
      );
      uploaded.push(logoFile.key);
      rows.push(
        makeAd({
          userId: demo.id,
          title: ad.title,
          slug: slugify(ad.title, createdAt.getTime()),
          businessName: ad.businessName,
          description: ad.description,
          category: ad.category,
          location: ad.location,
          websiteUrl: ad.websiteUrl,
          phone: ad.phone,
          audioUrl: audioFile.url,
          logoUrl: logoFile.url,
          audioDurationMs: facts.durationMs,
          waveformPeaks: facts.peaks,
          audioSize: audioFile.size,
          audioType: 'audio/mpeg',
          isFeatured: ad.isFeatured,
          transcript: ad.script,
          transcriptSegments: facts.durationMs ? scriptSegments(ad.script, facts.durationMs) : null,
          createdAt,
          updatedAt: createdAt,
        }),
      );
    }
    await db.transaction(async (tx) => {
      await createUser(tx, {
        id: demo.id,
        ...DEMO_ACCOUNT,
        firstName: 'Demo',
        lastName: 'Advertiser',
        companyName: 'AdReplay Demo Co.',
      });
      await syncPlans(tx);
      const plans = await tx.select().from(subscriptionPlans);
      const inserted = await tx.insert(ads).values(rows).returning({ id: ads.id, slug: ads.slug });
      const idOf = new Map(inserted.map((ad) => [ad.slug, ad.id]));
      const history = demoAds.map((ad, i) => ({
        id: idOf.get(rows[i]!.slug)!,
        key: ad.key,
        createdAt: rows[i]!.createdAt!,
        isFeatured: ad.isFeatured,
      }));
      await seedDemoHistory(tx, history, now);
      await seedDemoStations(
        tx,
        demo.id,
        (key) => {
          const i = demoAds.findIndex((ad) => ad.key === key);
          return { id: history[i]!.id, durationMs: rows[i]!.audioDurationMs ?? null };
        },
        now,
      );
      // Each demo ad counts against the month it was added in, as creating it would have counted it.
      const usage = new Map<string, typeof usageTracking.$inferInsert>();
      const featured = rows.filter((r) => r.isFeatured).length;
      for (const { createdAt } of rows) {
        const { month, year } = monthOf(createdAt!);
        const row = usage.get(`${year}-${month}`) ?? { userId: demo.id, month, year, adsCreated: 0 };
        usage.set(`${year}-${month}`, { ...row, adsCreated: row.adsCreated! + 1, featuredAdsUsed: featured });
      }
      await tx.insert(usageTracking).values([...usage.values()]);
      // The demo advertiser is on Premium, renewing in a year, so every dashboard feature is visible.
      const premium = plans.find((p) => p.name === 'Premium')!;
      await tx
        .insert(userSubscriptions)
        .values({ userId: demo.id, planId: premium.id, subscriptionEnd: new Date(now + 365 * DAY) });
    });
  } catch (err) {
    await Promise.all(uploaded.map((key) => storage.delete(key)));
    throw err;
  }
  return true;
}
