import { and, count, desc, eq, getTableColumns, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { AdListQuery, PublicAd } from '../../../shared/ads.js';
import type { Category } from '../../../shared/categories.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ads, analyticsDaily } from '../../db/schema.js';

// Every column but the search vector, which stays in the database.
const { searchVector: _omit, ...adColumns } = getTableColumns(ads);
export type AdRow = typeof ads.$inferSelect;
export type NewAdRow = typeof ads.$inferInsert;

const visible = and(eq(ads.status, 'published'), eq(ads.isActive, true))!;

/** Escapes LIKE wildcards so user text matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

export function toPublicAd(row: Omit<AdRow, 'searchVector'>): PublicAd {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    slug: row.slug,
    businessName: row.businessName,
    description: row.description,
    category: row.category as Category,
    location: row.location,
    websiteUrl: row.websiteUrl,
    phone: row.phone,
    audioUrl: row.audioUrl,
    logoUrl: row.logoUrl,
    audioDurationMs: row.audioDurationMs,
    waveformPeaks: row.waveformPeaks,
    status: row.status,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The two queries behind the public list (page of rows, exact count); the benchmark times them bare. */
export function listVisibleQueries(db: Db, q: AdListQuery) {
  const conds: SQL[] = [visible];
  if (q.search) conds.push(sql`${ads.searchVector} @@ websearch_to_tsquery('english', ${q.search})`);
  if (q.category) conds.push(eq(ads.category, q.category));
  if (q.location) conds.push(ilike(ads.location, `%${likeEscape(q.location)}%`));
  if (q.featured !== undefined) conds.push(eq(ads.isFeatured, q.featured));
  const where = and(...conds);
  return {
    rows: db
      .select(adColumns)
      .from(ads)
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(q.limit)
      .offset(q.page * q.limit),
    count: db.select({ n: count() }).from(ads).where(where),
  };
}

export function createAdsRepository(db: Db) {
  return {
    /** Visible ads matching the query, newest first, with the exact total. */
    async listVisible(q: AdListQuery): Promise<{ rows: Omit<AdRow, 'searchVector'>[]; count: number }> {
      const { rows, count } = listVisibleQueries(db, q);
      const [found, [total]] = await Promise.all([rows, count]);
      return { rows: found, count: total?.n ?? 0 };
    },

    /** Every visible ad's slug and last change, for the sitemap (the protocol caps a file at 50,000). */
    async listVisibleSlugs() {
      return db
        .select({ slug: ads.slug, updatedAt: ads.updatedAt })
        .from(ads)
        .where(visible)
        .orderBy(desc(ads.createdAt), desc(ads.id))
        .limit(50_000);
    },

    async findVisibleBySlug(slug: string) {
      const [row] = await db
        .select(adColumns)
        .from(ads)
        .where(and(visible, eq(ads.slug, slug)))
        .limit(1);
      return row ?? null;
    },

    async listRelated(ad: { id: string; category: string }, limit: number) {
      return db
        .select(adColumns)
        .from(ads)
        .where(and(visible, eq(ads.category, ad.category), ne(ads.id, ad.id)))
        .orderBy(desc(ads.createdAt), desc(ads.id))
        .limit(limit);
    },

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /** Every ad of one owner, any status, newest first. */
    async listByOwner(userId: string) {
      return db.select(adColumns).from(ads).where(eq(ads.userId, userId)).orderBy(desc(ads.createdAt), desc(ads.id));
    },

    /** The ad if it exists and belongs to the user; someone else's ad looks exactly like a missing one. */
    async findOwned(id: string, userId: string, tx: Db = db) {
      const [row] = await tx
        .select(adColumns)
        .from(ads)
        .where(and(eq(ads.id, id), eq(ads.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    async update(id: string, userId: string, values: Partial<NewAdRow>, tx: Db = db) {
      const [row] = await tx
        .update(ads)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(ads.id, id), eq(ads.userId, userId)))
        .returning(adColumns);
      return row ?? null;
    },

    async delete(id: string, userId: string, tx: Db = db) {
      const [row] = await tx
        .delete(ads)
        .where(and(eq(ads.id, id), eq(ads.userId, userId)))
        .returning(adColumns);
      return row ?? null;
    },

    /** Counted events on the owner's ads, by type (from the daily roll-ups). */
    async eventCountsByOwner(userId: string) {
      const rows = await db
        .select({ type: analyticsDaily.eventType, n: sql<number>`sum(${analyticsDaily.events})::int` })
        .from(analyticsDaily)
        .innerJoin(ads, eq(ads.id, analyticsDaily.adId))
        .where(eq(ads.userId, userId))
        .groupBy(analyticsDaily.eventType);
      return Object.fromEntries(rows.map((r) => [r.type, r.n])) as Partial<Record<string, number>>;
    },

    /**
     * Inserts the ad, or returns null when its slug is taken. The insert runs in a savepoint, so a
     * slug taken meanwhile by a concurrent creation costs the caller one retry, not its transaction.
     */
    async insertUnlessSlugTaken(values: NewAdRow, tx: Db = db) {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp.insert(ads).values(values).returning(adColumns);
          return row!;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'ads_slug_unique')) return null;
        throw err;
      }
    },
  };
}
export type AdsRepository = ReturnType<typeof createAdsRepository>;
