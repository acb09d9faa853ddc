import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { union, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type AdListQuery,
  type AiringMention,
  type OwnAd,
  type PublicAd,
  type TranscriptionState,
} from '../../../shared/ads.js';
import { DAY_PARTS } from '../../../shared/zoned-time.js';
import type { Category } from '../../../shared/categories.js';
import { HIDDEN_STATUSES, type HiddenStatus } from '../../../shared/moderation.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { batchedLookup } from '../../db/batched-lookup.js';
import { cursorInstant, olderThan, type Keyset } from '../../paging.js';
import { adIsPublic, ads, adSearch, airings, searchWords, stations } from '../../db/schema.js';
import { airedAt } from '../../../shared/zoned-time.js';

// Every column but the search vectors, which stay in the database.
const { searchVector: _omit, searchHead: _omitHead, ...adColumns } = getTableColumns(ads);
export type AdRow = Omit<typeof ads.$inferSelect, 'searchVector' | 'searchHead'>;
export type NewAdRow = typeof ads.$inferInsert;
/** A listed ad; the headlines are there when the list was searched. */
export type ListedAdRow = AdRow & {
  titleHeadline?: string;
  transcriptHeadline?: string | null;
  descriptionHeadline?: string | null;
  phoneHeadline?: string | null;
  /** Relevance (the title, business, category, location and description); 0 past the ranked matches. */
  score?: number;
};

/** Escapes LIKE wildcards so user text matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

export function toPublicAd(row: AdRow): PublicAd {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    businessName: row.businessName,
    description: row.description,
    category: row.category as Category,
    location: row.location,
    websiteUrl: row.websiteUrl,
    phone: row.phone,
    audioUrl: row.audioUrl,
    audioType: row.audioType,
    logoUrl: row.logoUrl,
    audioDurationMs: row.audioDurationMs,
    waveformPeaks: row.waveformPeaks,
    status: row.status,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    transcript: row.transcript,
    transcriptSegments: row.transcriptSegments,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOwnAd(row: AdRow, transcription: TranscriptionState | null): OwnAd {
  return { ...toPublicAd(row), userId: row.userId, transcription };
}

/** An automatic transcript may be written: the ad still has that audio, and its owner has not set the transcript since. */
const transcriptionWanted = (id: string, audioUrl: string, since: Date) =>
  and(
    eq(ads.id, id),
    eq(ads.audioUrl, audioUrl),
    or(isNull(ads.transcriptEditedAt), lt(ads.transcriptEditedAt, since)),
  );

/**
 * Marks around matching words in ts_headline's output: private-use characters, removed from the text
 * first. ts_headline's parser drops anything that looks like an HTML tag, so '<' and '>' go in as two
 * more private-use characters and come back out as themselves (see restoreAngles).
 */
export const HIT_START = '\uE000';
export const HIT_END = '\uE001';
const LT = '\uE002';
const GT = '\uE003';
export const restoreAngles = (s: string) => s.replaceAll(LT, '<').replaceAll(GT, '>');
const HEADLINE_TITLE = `StartSel=${HIT_START}, StopSel=${HIT_END}, HighlightAll=true`;
const HEADLINE_SNIPPET = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=22, MinWords=10, ShortWord=2, MaxFragments=1, FragmentDelimiter=" ... "`;
const unmarked = (text: AnyPgColumn | SQL) =>
  sql`translate(${text}, ${'<>' + HIT_START + HIT_END + LT + GT}, ${LT + GT})`;
/**
 * ts_headline parses its whole text: a transcript's passage is looked for in its first characters only
 * (10,000 is ten minutes of speech; an ad lasts 15-60 seconds).
 */
const TRANSCRIPT_HEADLINE_CHARS = 10_000;

/** A search's tsquery; `tsquery` is the output of parseSearch (only quoted words and operators). */
const tsq = (tsquery: string) => sql`to_tsquery('english', ${tsquery})`;

export interface AdSearch {
  tsquery: string;
  /** For ts_headline: the words to mark (see ParsedSearch). */
  highlight: string;
  /**
   * The same query's text with its unfinished words spelt as the whole lexemes they begin (withWholeWords,
   * decision 37): what the list matches with, when set. Ranking and marking keep the prefixes.
   */
  whole?: string;
}

/**
 * Relevance: the weighted match in the title, business, category, location and description, read
 * from the small inline vector; ads that match in their transcript only rank 0 and come newest first.
 * Ranking on the full vector would read every match's out-of-line transcript lexemes.
 */
const rank = (search: AdSearch) => sql`ts_rank_cd(${ads.searchHead}, ${tsq(search.tsquery)})`;

/**
 * Ads ranked by relevance at most, in a list or a suggestion: the newest that match. Ranking every match
 * of a broad word (a third of the directory) before taking a page cost ~100 ms at 100,000 ads; the newest
 * matches are an index walk that stops early (decision 31).
 */
export const RANKED = 200;
/**
 * The newest ads a suggestion looks through first for words said only in transcripts: without it, a word
 * most transcripts say made the planner scan every ad (56 ms at 100,000 ads).
 */
export const RECENT_WINDOW = 500;
/**
 * A search of several words whose exact count is at most this many ads takes its page from the narrow
 * table's matches (decision 35): the wide table's index, asked for several prefixes at once, took 15-20 ms
 * for a handful of ads at 100,000 (and 17 ms for 1,420, against 11), and the walk down the newest ads that
 * suits common words would read them all. Past ~3,000 matches the walk is quicker.
 */
export const NARROW_MATCHES = 2_000;
/** How many words (or groups) a search asks for all of. */
const wordsAsked = (search: AdSearch) => (search.tsquery.match(/ & /g) ?? []).length + 1;
/**
 * A search of three words or more, all of them asked for, is counted before its page is read: each word may
 * be said by many ads and all of them by few, which only the count tells. Two words are read and counted
 * side by side: 'kayak snorkel' (1,420 ads) took 23 ms p95 so and 31 counted first (decision 35).
 */
export const countsFirst = (search: AdSearch) => wordsAsked(search) >= 3;
/**
 * A search of two words, read beside its count, matches its page through the whole words (decision 37):
 * 'kayak snorkel' (1,420 ads of 100,000), 12 ms → 8 for the page. One word has nothing to skip.
 */
export const pageThroughWholeWords = (search: AdSearch) => wordsAsked(search) === 2;

const matchesSearch = (vector: AnyPgColumn, search: AdSearch) =>
  sql`${vector} @@ ${search.whole === undefined ? tsq(search.tsquery) : sql`${search.whole}::tsquery`}`;

/**
 * The same matches on `ad_search`, asked for as whole lexemes (whole_words, decision 37): GIN skips through
 * those from the rarest word, where a prefix makes it read every posting of each word first. Rewritten in
 * a subquery, once per statement: these statements always read their matches through the GIN index.
 */
const matchesOnAdSearch = (search: AdSearch) =>
  search.whole === undefined
    ? sql`${adSearch.searchVector} @@ (SELECT whole_words(${tsq(search.tsquery)}))`
    : matchesSearch(adSearch.searchVector, search);

/**
 * The search with its whole-word form (`whole`), for a statement on `ads` whose plan depends on how many
 * ads say the words: as a constant, the planner still weighs them (a walk down the newest ads for common
 * words, the GIN index for rare ones), where a subquery would hide them and a filter call the function once
 * per row (81 ms for 'bakery'). A round trip of its own (~0.5 ms).
 */
export async function withWholeWords(db: Db, search: AdSearch): Promise<AdSearch> {
  const result = (await db.execute(sql`SELECT whole_words(${tsq(search.tsquery)})::text AS whole`)) as unknown as {
    rows: { whole: string }[];
  };
  return { ...search, whole: result.rows[0]!.whole };
}

/**
 * Aired on a station (by call sign, ever), and/or within the latest stretch of a part of the day in each
 * station's own zone. An EXISTS through the (ad, started_at) index, stopping at the first airing found. The stretch: its latest start is the day of (local now − start
 * hour) plus the start hour, which is today's for 'morning' after 05:00 and yesterday's 21:00 for 'night'
 * at 03:00.
 */
function airedFilter(adId: AnyPgColumn, q: Pick<AdListQuery, 'station' | 'aired'>): SQL | undefined {
  if (!q.station && !q.aired) return undefined;
  const conds: SQL[] = [sql`${airings.adId} = ${adId}`];
  if (q.station) conds.push(eq(stations.callSign, q.station));
  if (q.aired) {
    // Any stretch began within the last two days, whatever the zone: the index range stays short.
    conds.push(sql`${airings.startedAt} > now() - interval '2 days'`);
    const [startHour, hours] = DAY_PARTS[q.aired];
    const localNow = sql`(now() AT TIME ZONE ${stations.timeZone})`;
    const start = sql`(date_trunc('day', ${localNow} - make_interval(hours => ${startHour})) + make_interval(hours => ${startHour}))`;
    const local = sql`(${airings.startedAt} AT TIME ZONE ${stations.timeZone})`;
    conds.push(sql`${local} >= ${start}`, sql`${local} < ${start} + make_interval(hours => ${hours})`);
  }
  return sql`EXISTS (SELECT 1 FROM ${airings} INNER JOIN ${stations} ON ${stations.id} = ${airings.stationId} WHERE ${and(...conds)})`;
}

type Filterable = { id: AnyPgColumn; category: AnyPgColumn; location: AnyPgColumn; isFeatured: AnyPgColumn };
/** The list's conditions beside visibility and the search, on `ads` or on its narrow copy `ad_search`. */
function listFilters(t: Filterable, q: Omit<AdListQuery, 'search'>): SQL[] {
  const conds: SQL[] = [];
  if (q.category) conds.push(eq(t.category, q.category));
  if (q.location) conds.push(ilike(t.location, `%${likeEscape(q.location)}%`));
  if (q.featured !== undefined) conds.push(eq(t.isFeatured, q.featured));
  const aired = airedFilter(t.id, q);
  if (aired) conds.push(aired);
  return conds;
}

/** The public list's exact count alone, read from `ad_search` (decision 31): a query of its own, cheap to build. */
export function visibleCountQuery(db: Db, q: Omit<AdListQuery, 'search'>, search?: AdSearch) {
  // With a search, the other conditions are counted in the aggregate, so the matches come from the GIN
  // index: the planner, which does not price the out-of-line vector, would otherwise take the category
  // index and read every candidate's vector (25,230 buffers against 1,494 for 'bakery' in one category).
  const filters = listFilters({ ...adSearch, id: adSearch.adId }, q);
  return search
    ? db
        .select({
          n: filters.length ? sql<number>`count(*) FILTER (WHERE ${and(...filters)})`.mapWith(Number) : count(),
        })
        .from(adSearch)
        .where(matchesOnAdSearch(search))
    : db
        .select({ n: count() })
        .from(adSearch)
        .where(and(...filters));
}

/**
 * The queries behind the public list (page of rows, exact count); the benchmark times them bare.
 * `narrow`: the search is known to match few ads, whose ids the page reads from `ad_search` first.
 * With a search, the newest RANKED matches come first by relevance (then newest), and the matches after
 * them newest first, so pages never overlap; the matching words are marked in the title and in a
 * passage of the transcript, or of the description when the transcript does not match, for the page's
 * rows only (PostgreSQL evaluates costly output columns after ORDER BY ... LIMIT). The count reads
 * `ad_search`, the narrow copy of the visible ads (decision 31).
 */
export function listVisibleQueries(db: Db, q: Omit<AdListQuery, 'search'>, search?: AdSearch, { narrow = false } = {}) {
  // The narrow table's GIN index reads few heap pages for a rare match; ARRAY() makes the planner take
  // those ids first instead of guessing between indexes (ad_search's vector is the ad's own).
  const matching = (s: AdSearch) =>
    narrow
      ? sql`${ads.id} = ANY(ARRAY(${db.select({ id: adSearch.adId }).from(adSearch).where(matchesOnAdSearch(s))}))`
      : matchesSearch(ads.searchVector, s);
  const where = and(adIsPublic, ...(search ? [matching(search)] : []), ...listFilters(ads, q));
  const total = visibleCountQuery(db, q, search);
  if (!search) {
    const rows = db
      .select(adColumns)
      .from(ads)
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(q.limit)
      .offset(q.page * q.limit);
    return { rows, count: total };
  }
  const start = q.page * q.limit;
  const end = start + q.limit;
  /** Matches newest first from `offset`, after the ranked ones (tier 1). */
  const rest = (offset: number, limit: number) =>
    db
      .select({
        id: ads.id,
        createdAt: ads.createdAt,
        tier: sql<number>`1`.as('tier'),
        score: sql<number>`0::real`.as('score'),
      })
      .from(ads)
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .offset(offset)
      .limit(limit);
  let page;
  if (start >= RANKED) {
    page = rest(start, q.limit).as('page');
  } else {
    const newest = db
      .select({ id: ads.id, createdAt: ads.createdAt, score: sql<number>`${rank(search)}`.as('score') })
      .from(ads)
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(RANKED)
      .as('newest');
    const ranked = db
      .select({ id: newest.id, createdAt: newest.createdAt, tier: sql<number>`0`.as('tier'), score: newest.score })
      .from(newest);
    // A page that runs past the ranked matches takes the first of the rest.
    const matches = (end > RANKED ? ranked.unionAll(rest(RANKED, end - RANKED)) : ranked).as('matches');
    page = db
      .select({ id: matches.id, createdAt: matches.createdAt, tier: matches.tier, score: matches.score })
      .from(matches)
      .orderBy(matches.tier, desc(matches.score), desc(matches.createdAt), desc(matches.id))
      .limit(q.limit)
      .offset(start)
      .as('page');
  }
  const rows = db
    .select({
      ...adColumns,
      titleHeadline: sql<string>`ts_headline('english', ${unmarked(ads.title)}, ${tsq(search.highlight)}, ${HEADLINE_TITLE})`,
      transcriptHeadline: sql<
        string | null
      >`ts_headline('english', ${unmarked(sql`left(${ads.transcript}, ${TRANSCRIPT_HEADLINE_CHARS})`)}, ${tsq(search.highlight)}, ${HEADLINE_SNIPPET})`,
      // The transcript's own lexemes carry weight D: its passage is shown when it matches.
      descriptionHeadline: sql<string | null>`CASE WHEN ts_filter(${ads.searchVector}, '{d}') @@ ${tsq(search.tsquery)}
        THEN NULL ELSE ts_headline('english', ${unmarked(ads.description)}, ${tsq(search.highlight)}, ${HEADLINE_SNIPPET}) END`,
      // A listener may search the number an ad repeats: shown whole when nothing the ad says matched.
      phoneHeadline: sql<
        string | null
      >`ts_headline('english', ad_phone_words(${unmarked(ads.phone)}), ${tsq(search.highlight)}, ${HEADLINE_TITLE})`,
      score: page.score,
    })
    .from(ads)
    .innerJoin(page, eq(ads.id, page.id))
    .orderBy(page.tier, desc(page.score), desc(ads.createdAt), desc(ads.id));
  return { rows, count: total };
}

/**
 * Suggestions while typing, in the list's order: first the ads whose title, business, category,
 * location or description match, then, when fewer than `limit`, those that match in their transcript
 * only, newest first. A short prefix can match a large share of the directory, so the first part ranks
 * the newest RANKED matches only. The transcript-only part looks among the newest RECENT_WINDOW ads
 * first (`recent`): a word most transcripts say is found there at once. Only when they hold too few does
 * it ask the whole directory (`all`), where the word is then rare and the GIN index finds it cheaply.
 */
export function suggestQueries(db: Db, search: AdSearch, limit: number) {
  const fields = {
    slug: ads.slug,
    title: ads.title,
    businessName: ads.businessName,
    titleHeadline: sql<string>`ts_headline('english', ${unmarked(ads.title)}, ${tsq(search.highlight)}, ${HEADLINE_TITLE})`,
  };
  const inHead = matchesSearch(ads.searchHead, search);
  const inTranscriptOnly = and(adIsPublic, matchesSearch(ads.searchVector, search), sql`NOT (${inHead})`);
  return {
    head: db
      .select(fields)
      .from(ads)
      .where(
        inArray(
          ads.id,
          db
            .select({ id: ads.id })
            .from(ads)
            .where(and(adIsPublic, inHead))
            .orderBy(desc(ads.createdAt), desc(ads.id))
            .limit(RANKED),
        ),
      )
      .orderBy(sql`${rank(search)} DESC`, desc(ads.createdAt), desc(ads.id))
      .limit(limit),
    transcriptOnly: (n: number) => ({
      recent: db
        .select(fields)
        .from(ads)
        .where(
          and(
            inArray(
              ads.id,
              db
                .select({ id: ads.id })
                .from(ads)
                .where(adIsPublic)
                .orderBy(desc(ads.createdAt), desc(ads.id))
                .limit(RECENT_WINDOW),
            ),
            inTranscriptOnly,
          ),
        )
        .orderBy(desc(ads.createdAt), desc(ads.id))
        .limit(n),
      all: db
        .select(fields)
        .from(ads)
        .where(inTranscriptOnly)
        // Sorting on an expression keeps the planner off the newest-first index: walking it for a word
        // no transcript holds checks every ad's full vector; the GIN index finds the few matches.
        .orderBy(sql`${ads.createdAt} + interval '0 s' DESC`, desc(ads.id))
        .limit(n),
    }),
  };
}

/**
 * Words of the vocabulary that a typed word may stand for: the most alike by trigrams (through the trigram
 * index), and the ones that sound the same as any of its `forms` (Double Metaphone, through its index;
 * their letters may share too few trigrams: 'tyre' and tire), fewest edits first. `forms` is the word as
 * typed first, then its singular.
 */
export function similarWordsQuery(db: Db, forms: string[], limit: number) {
  const [typed] = forms;
  const similarity = sql<number>`similarity(${searchWords.word}, ${typed})`;
  const fields = { word: searchWords.word, similarity };
  const list = (each: (form: string) => SQL) => sql.join(forms.map(each), sql`, `);
  return union(
    db
      .select(fields)
      .from(searchWords)
      .where(sql`${searchWords.word} % ${typed}`)
      .orderBy(desc(similarity), searchWords.word)
      .limit(limit),
    db
      .select(fields)
      .from(searchWords)
      .where(sql`dmetaphone(${searchWords.word}) IN (${list((form) => sql`dmetaphone(${form})`)})`)
      .orderBy(
        sql`least(${list((form) => sql`levenshtein(${searchWords.word}, ${form})`)})`,
        desc(similarity),
        searchWords.word,
      )
      .limit(limit),
  );
}

/** `directoryDb`: where the directory's lists, counts, suggestions and words are read (Database.directoryDb). */
export function createAdsRepository(db: Db, directoryDb: Db = db) {
  // Cold ad pages asked for together (thousands of slugs, each read once) cost one query per turn, not one each.
  const visibleBySlug = batchedLookup(async (slugs: string[]) => {
    const rows = await db
      .select(adColumns)
      .from(ads)
      .where(and(adIsPublic, inArray(ads.slug, slugs)));
    return new Map(rows.map((row) => [row.slug, row]));
  });
  return {
    /**
     * Visible ads matching the query, newest first, with the exact total. A search of three words or more
     * is counted first (countsFirst): the count chooses how the page is read, and a search that finds
     * nothing reads no page. Fewer words, or none, are read and counted side by side.
     */
    async listVisible(q: Omit<AdListQuery, 'search'>, search?: AdSearch) {
      if (search && countsFirst(search)) {
        const total = await this.countVisible(q, search);
        return { rows: await this.pageVisible(q, search, total), count: total };
      }
      const page = async () =>
        listVisibleQueries(
          directoryDb,
          q,
          search && pageThroughWholeWords(search) ? await withWholeWords(directoryDb, search) : search,
        ).rows;
      const [found, [total]] = await Promise.all([page(), visibleCountQuery(directoryDb, q, search)]);
      return { rows: found as ListedAdRow[], count: total?.n ?? 0 };
    },

    /** listVisible's page alone, for a search whose exact count is `total`. */
    async pageVisible(q: Omit<AdListQuery, 'search'>, search: AdSearch, total: number) {
      if (total <= q.page * q.limit) return [];
      const { rows } = listVisibleQueries(directoryDb, q, search, { narrow: total <= NARROW_MATCHES });
      return (await rows) as ListedAdRow[];
    },

    /** listVisible's exact total alone. */
    async countVisible(q: Omit<AdListQuery, 'search'>, search?: AdSearch): Promise<number> {
      return (await visibleCountQuery(directoryDb, q, search))[0]?.n ?? 0;
    },

    async suggest(search: AdSearch, limit: number) {
      const { head, transcriptOnly } = suggestQueries(directoryDb, search, limit);
      const first = await head;
      if (first.length >= limit) return first;
      const need = limit - first.length;
      const more = transcriptOnly(need);
      const recent = await more.recent;
      return [...first, ...(recent.length === need ? recent : await more.all)];
    },

    async similarWords(forms: string[], limit: number) {
      return similarWordsQuery(directoryDb, forms, limit);
    },

    /** Which of these words some ad says (the vocabulary of search_words). */
    async knownWords(words: string[]): Promise<Set<string>> {
      if (!words.length) return new Set();
      const rows = await directoryDb
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(inArray(searchWords.word, [...new Set(words)]));
      return new Set(rows.map((r) => r.word));
    },

    /** Every visible ad's slug and last change, for the sitemap (the protocol caps a file at 50,000). */
    async listVisibleSlugs() {
      return db
        .select({ slug: ads.slug, updatedAt: ads.updatedAt })
        .from(ads)
        .where(adIsPublic)
        .orderBy(desc(ads.createdAt), desc(ads.id))
        .limit(50_000);
    },

    async findVisibleBySlug(slug: string) {
      return (await visibleBySlug(slug)) ?? null;
    },

    async findVisibleByIds(ids: string[]) {
      if (!ids.length) return [];
      return db
        .select(adColumns)
        .from(ads)
        .where(and(adIsPublic, inArray(ads.id, ids)));
    },

    /** The ad's latest airings on any station, newest first. */
    async recentAirings(adId: string, limit: number): Promise<AiringMention[]> {
      const rows = await db
        .select({
          callSign: stations.callSign,
          stationName: stations.name,
          timeZone: stations.timeZone,
          startedAt: airings.startedAt,
        })
        .from(airings)
        .innerJoin(stations, eq(stations.id, airings.stationId))
        .where(eq(airings.adId, adId))
        .orderBy(desc(airings.startedAt))
        .limit(limit);
      // Written here, not in the browser: a page's first time-zone formatter cost 14-32 ms of its hydration.
      return rows.map((r) => ({
        ...r,
        startedAt: r.startedAt.toISOString(),
        localTime: airedAt(r.startedAt, r.timeZone),
      }));
    },

    /** The status of the ad at `slug` when moderation hides it (decision 44); null otherwise. */
    async hiddenStatusOf(slug: string): Promise<HiddenStatus | null> {
      const [row] = await db
        .select({ status: ads.status })
        .from(ads)
        .where(and(eq(ads.slug, slug), inArray(ads.status, [...HIDDEN_STATUSES])));
      return (row?.status as HiddenStatus | undefined) ?? null;
    },

    async listRelated(ad: { id: string; category: string }, limit: number) {
      return db
        .select(adColumns)
        .from(ads)
        .where(and(adIsPublic, eq(ads.category, ad.category), ne(ads.id, ad.id)))
        .orderBy(desc(ads.createdAt), desc(ads.id))
        .limit(limit);
    },

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /** Reads that see the database at one moment (a read-only, repeatable-read transaction). */
    snapshot<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },

    /** Every ad of one owner, any status, newest first. */
    async listByOwner(userId: string, tx: Db = db) {
      return tx.select(adColumns).from(ads).where(eq(ads.userId, userId)).orderBy(desc(ads.createdAt), desc(ads.id));
    },

    /** A page of an owner's ads, newest first (`limit + 1` rows: the last one says whether more follow). */
    async pageByOwner(userId: string, limit: number, after: Keyset | undefined, tx: Db = db) {
      return tx
        .select({ ...adColumns, cursorKey: cursorInstant(ads.createdAt) })
        .from(ads)
        .where(and(eq(ads.userId, userId), after && olderThan(ads.createdAt, ads.id, after)))
        .orderBy(desc(ads.createdAt), desc(ads.id))
        .limit(limit + 1);
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

    /** An ad by id alone, for work that is not a caller's (a finished transcription's event). */
    async findById(id: string, tx: Db = db) {
      const [row] = await tx.select(adColumns).from(ads).where(eq(ads.id, id)).limit(1);
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

    /**
     * Writes an automatic transcript of `audioUrl`, begun at `since`, unless the ad has another audio now
     * or its owner set the transcript at or after `since` (checked in the same statement, under the row's
     * lock). Returns whether it was written.
     */
    async applyTranscription(
      id: string,
      audioUrl: string,
      since: Date,
      values: Pick<NewAdRow, 'transcript' | 'transcriptSegments'>,
      tx: Db = db,
    ) {
      const written = await tx
        .update(ads)
        .set({ ...values, transcriptEditedAt: null, updatedAt: new Date() })
        .where(transcriptionWanted(id, audioUrl, since))
        .returning({ id: ads.id });
      return written.length > 0;
    },

    /** Whether an automatic transcript of `audioUrl` begun at `since` would still be written; see applyTranscription. */
    async transcriptionTarget(
      id: string,
      audioUrl: string,
      since: Date,
      tx: Db = db,
    ): Promise<'wanted' | 'kept' | 'gone'> {
      const [row] = await tx
        .select({ audioUrl: ads.audioUrl, wanted: sql<boolean>`${transcriptionWanted(id, audioUrl, since)}` })
        .from(ads)
        .where(eq(ads.id, id));
      if (!row || row.audioUrl !== audioUrl) return 'gone';
      return row.wanted ? 'wanted' : 'kept';
    },

    /** Every stored file an ad refers to (audio and logo URLs), for the sweep of unreferenced files. */
    async fileUrls(): Promise<string[]> {
      const rows = await db.select({ audio: ads.audioUrl, logo: ads.logoUrl }).from(ads);
      // Stations' logos are stored beside the ads' files (the same upload path).
      const logos = await db.select({ url: stations.logoUrl }).from(stations).where(isNotNull(stations.logoUrl));
      return [...rows.flatMap((r) => (r.logo ? [r.audio, r.logo] : [r.audio])), ...logos.map((l) => l.url!)];
    },

    async delete(id: string, userId: string, tx: Db = db) {
      const [row] = await tx
        .delete(ads)
        .where(and(eq(ads.id, id), eq(ads.userId, userId)))
        .returning(adColumns);
      return row ?? null;
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
