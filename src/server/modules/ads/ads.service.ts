import type {
  AdListQuery,
  AdListResponse,
  AdSuggestResponse,
  HighlightPart,
  PublicAd,
  SearchMatch,
} from '../../../shared/ads.js';
import { RELATED_ADS, SUGGESTIONS } from '../../../shared/limits.js';
import { RECENT_AIRINGS } from '../../../shared/stations.js';
import { toWebVtt } from '../../../shared/transcripts.js';
import { AdRemovedError, NotFoundError } from '../../errors.js';
import { moderationMessages } from '../../../shared/moderation.js';
import { FEATURED_TTL_MS, type PublicCache } from '../../public-cache.js';
import {
  HIT_END,
  HIT_START,
  restoreAngles,
  toPublicAd,
  type AdsRepository,
  type ListedAdRow,
} from './ads.repository.js';
import {
  editDistance,
  isNumber,
  joinWords,
  mayMean,
  parseSearch,
  replaceWords,
  saidNumber,
  type ParsedSearch,
} from './search-query.js';

/** Splits ts_headline output at its marks into text parts; null when nothing in it is marked. */
export function highlightParts(marked: string | null | undefined): HighlightPart[] | null {
  if (!marked || !marked.includes(HIT_START)) return null;
  const parts: HighlightPart[] = [];
  for (const [i, chunk] of restoreAngles(marked).split(HIT_START).entries()) {
    if (i === 0) {
      if (chunk) parts.push({ text: chunk });
      continue;
    }
    const end = chunk.indexOf(HIT_END);
    const hit = end < 0 ? chunk : chunk.slice(0, end);
    const rest = end < 0 ? '' : chunk.slice(end + HIT_END.length);
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest });
  }
  return parts;
}

/**
 * A passage around a phone number the text says in another grouping than was typed ('5550142' for a
 * transcript's '555-0142'), which ts_headline cannot mark: up to ten words each side, the number marked.
 */
function numberPassage(text: string | null, numbers: string[]): HighlightPart[] | null {
  const at = text && saidNumber(text, numbers);
  if (!at) return null;
  const before = text.slice(Math.max(0, at[0] - 200), at[0]).match(/(?:\S+\s+){0,10}\S*$/)![0];
  // Without the closing punctuation, as ts_headline gives a passage: the card puts '...' after it.
  const after = text
    .slice(at[1], at[1] + 200)
    .match(/^\S*(?:\s+\S+){0,10}/)![0]
    .replace(/[.!?,;:]+$/, '');
  return [{ text: before }, { text: text.slice(...at), hit: true as const }, { text: after }].filter((p) => p.text);
}

function matchOf(row: ListedAdRow, search: ParsedSearch): SearchMatch {
  const transcript = highlightParts(row.transcriptHeadline) ?? numberPassage(row.transcript, search.numbers);
  const description = transcript
    ? null
    : (highlightParts(row.descriptionHeadline) ?? numberPassage(row.description, search.numbers));
  // The number is marked whole: its digit groups are what matched, and apart they read as noise.
  const phone =
    transcript || description || !row.phone || !highlightParts(row.phoneHeadline)
      ? null
      : [{ text: row.phone, hit: true as const }];
  return {
    title: highlightParts(row.titleHeadline),
    snippet: transcript ?? description ?? phone,
    snippetFrom: transcript ? 'transcript' : description ? 'description' : phone ? 'phone' : null,
  };
}

/** Candidates looked at per misspelt word; the closest by edit distance wins. */
const CANDIDATES = 8;
/** The shortest part a run-together word is split into, and the longest word the vocabulary keeps. */
const MIN_PART = 3;
const MAX_WORD = 30;
/**
 * The longest typed word a correction may stand for: a vocabulary word (MAX_WORD letters at most) two edits
 * away (mayMean). A longer word is looked up nowhere: its trigrams alone cost a scan of much of the
 * vocabulary's index, for nothing.
 */
const MAX_CORRECTED = MAX_WORD + 2;

/**
 * Each way to cut a word in two parts that the vocabulary could hold (MIN_PART to MAX_WORD letters), the
 * most even first: a word of 61 letters or more has none.
 */
function splitsOf(word: string): [string, string][] {
  const cuts: [string, string][] = [];
  const [first, last] = [Math.max(MIN_PART, word.length - MAX_WORD), Math.min(MAX_WORD, word.length - MIN_PART)];
  for (let k = first; k <= last; k++) cuts.push([word.slice(0, k), word.slice(k)]);
  return cuts.sort((a, b) => Math.abs(a[0].length - a[1].length) - Math.abs(b[0].length - b[1].length));
}

/**
 * Searches of three to five words may leave one out when no ad says them all; each try is a search, and
 * an empty answer should not cost many more.
 */
const LEAVE_ONE_OUT = { min: 3, max: 5 };

/** The whole directory, for counting what a word finds alone. */
const EVERY_AD: Omit<AdListQuery, 'search'> = {
  category: undefined,
  location: undefined,
  featured: undefined,
  station: undefined,
  aired: undefined,
  page: 0,
  limit: 1,
};

/**
 * The search without one of its words, for each word in turn: a listener who remembers a few words of an
 * ad often has one of them wrong ('bakery free coffee' for a bakery whose coffee is 'on us').
 */
function withoutOneWord(search: string): string[] {
  const words = [...new Set(parseSearch(search).words)];
  if (words.length < LEAVE_ONE_OUT.min || words.length > LEAVE_ONE_OUT.max) return [];
  return words
    .map((word) =>
      replaceWords(search, new Map([[word, '']]))
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((rest) => parseSearch(rest).words.length); // not '-x-r-p', which would ask for every ad without them
}

export function createAdsService({ repo }: { repo: AdsRepository }) {
  /**
   * What to search for instead when nothing matches, in order: the words written apart or together as
   * the ads say them ('flow right' finds 'FlowRight', 'quicktire' finds 'Quick Tire'); each word the ads
   * never say replaced by the most alike word they do that it may stand for (trigram similarity, then
   * fewest edits; the same sound, or a slip of the keys: mayMean); then those words left out, so that
   * the words a listener remembered right still find the ad ('fresh bred' finds what says 'fresh'). Not
   * both at once: 'lawn mower' is not 'loan'. A word the vocabulary lacks but that finds ads alone is
   * remembered right: another form of a word they say ('plumber' for 'plumbers'), or a kind of business
   * ('car').
   */
  async function alternatives(search: string): Promise<string[]> {
    const plain = parseSearch(search).words.filter((w) => !isNumber(w));
    const pairs = plain
      .slice(1)
      .map((second, i) => [plain[i]!, second] as const)
      .filter(([a, b]) => (a + b).length <= MAX_WORD);
    // One look at the vocabulary for every word, every two neighbours joined and every word cut in two (only
    // what it could hold).
    const said = await repo.knownWords([
      ...plain.filter((w) => w.length <= MAX_WORD),
      ...pairs.map(([a, b]) => a + b),
      ...plain.flatMap((w) => splitsOf(w).flat()),
    ]);
    let spaced = search;
    for (const [a, b] of pairs) if (said.has(a + b)) spaced = joinWords(spaced, a, b);
    const unsaid = [...new Set(plain)].filter((word) => word.length >= 3 && !said.has(word));
    // Counted as the list counts (an EXISTS let the planner scan every ad for a word none says).
    const findsAlone = await Promise.all(unsaid.map((word) => repo.countVisible(EVERY_AD, parseSearch(word))));
    const apart = new Map<string, string>();
    const replacements = new Map<string, string>();
    const unknown = new Map<string, string>();
    for (const [i, word] of unsaid.entries()) {
      if (findsAlone[i]) continue;
      unknown.set(word, '');
      const split = splitsOf(word).find(([l, r]) => said.has(l) && said.has(r));
      if (split) apart.set(word, split.join(' '));
      if (word.length > MAX_CORRECTED) continue;
      // The ads may say the singular of a plural typed by ear: 'breaks' for brake.
      const forms = [word, ...(/[^s]s$/.test(word) && word.length > 4 ? [word.slice(0, -1)] : [])];
      const candidates = (await repo.similarWords(forms, CANDIDATES)).filter((c) =>
        forms.some((form) => mayMean(form, c.word)),
      );
      if (candidates.length === 0) continue;
      const best = candidates
        .map((c) => ({ ...c, edits: Math.min(...forms.map((form) => editDistance(form, c.word))) }))
        .sort((a, b) => a.edits - b.edits || b.similarity - a.similarity)[0]!;
      replacements.set(word, best.word);
    }
    spaced = replaceWords(spaced, apart);
    if (spaced === search) spaced = '';
    const corrected = replacements.size ? replaceWords(search, replacements) : '';
    const known = unknown.size ? replaceWords(search, unknown).replace(/\s+/g, ' ').trim() : '';
    // Respaced and then corrected: 'flow right plumbng' → 'flowright plumbing'.
    const both = spaced && replacements.size ? replaceWords(spaced, replacements) : '';
    return [...new Set([spaced, both, corrected, known])].filter(
      (option) => option && parseSearch(option).words.length,
    );
  }

  /** The first alternative to a search whose results `found` accepts, with them. */
  async function firstFound<T>(
    search: string,
    find: (alternative: string) => Promise<T>,
    found: (results: T) => boolean,
  ) {
    for (const alternative of await alternatives(search)) {
      const results = await find(alternative);
      if (found(results)) return { results, alternative };
    }
    return null;
  }

  /**
   * Of these searches, the one that finds the fewest ads but some: leaving out the word that most ads say
   * keeps the words that tell the ad apart. Between as few, the one whose first ad says its words where
   * they count most (title, business, description: 'bakery coffee' for a bakery that pours coffee
   * before 'free coffee' said only in a coffee ad's transcript). Only counted at first, side by side: a
   * server database answers them together, and the page is read for the fewest only.
   */
  async function fewestFound(query: Omit<AdListQuery, 'search'>, searches: string[]) {
    const counts = await Promise.all(searches.map((s) => repo.countVisible(query, parseSearch(s))));
    const fewest = Math.min(...counts.filter((n) => n > 0));
    const tied = searches.filter((_, i) => counts[i] === fewest);
    const pages = await Promise.all(tied.map((s) => repo.pageVisible(query, parseSearch(s), fewest)));
    const score = (i: number) => Number(pages[i]![0]?.score ?? 0);
    const best = pages.reduce((b, _, i) => (score(i) > score(b) ? i : b), 0);
    return tied.length ? { results: { rows: pages[best]!, count: fewest }, alternative: tied[best]! } : null;
  }

  return {
    async list({ search, ...query }: AdListQuery): Promise<AdListResponse> {
      const parsed = search ? parseSearch(search) : null;
      if (!parsed) {
        const { rows, count } = await repo.listVisible(query);
        return { ads: rows.map(toPublicAd), count };
      }
      if (!parsed.tsquery) return { ads: [], count: 0 };
      let result = await repo.listVisible(query, parsed);
      let [didYouMean, searched] = [undefined as string | undefined, parsed];
      if (result.count === 0 && parsed.words.length) {
        const find = (alternative: string) => repo.listVisible(query, parseSearch(alternative));
        const instead =
          (await firstFound(search!, find, (r) => r.count > 0)) ?? (await fewestFound(query, withoutOneWord(search!)));
        if (instead)
          [result, didYouMean, searched] = [instead.results, instead.alternative, parseSearch(instead.alternative)];
      }
      const ads = result.rows.map((row) => ({ ...toPublicAd(row), match: matchOf(row, searched) }));
      return { ads, count: result.count, ...(didYouMean ? { didYouMean } : {}) };
    },

    async suggest(q: string): Promise<AdSuggestResponse> {
      const parsed = parseSearch(q);
      if (!parsed.words.length) return { suggestions: [] };
      let rows = await repo.suggest(parsed, SUGGESTIONS);
      let didYouMean: string | undefined;
      if (rows.length === 0) {
        const instead = await firstFound(
          q,
          (alternative) => repo.suggest(parseSearch(alternative), SUGGESTIONS),
          (r) => r.length > 0,
        );
        if (instead) [rows, didYouMean] = [instead.results, instead.alternative];
      }
      return {
        suggestions: rows.map((r) => ({
          slug: r.slug,
          title: r.title,
          businessName: r.businessName,
          titleParts: highlightParts(r.titleHeadline) ?? [{ text: r.title }],
        })),
        ...(didYouMean ? { didYouMean } : {}),
      };
    },

    /** The public ad; 451 with a short notice when moderation hides it, 404 when there is none. */
    async getBySlug(slug: string): Promise<PublicAd> {
      const row = await repo.findVisibleBySlug(slug);
      if (!row) {
        const hidden = await repo.hiddenStatusOf(slug);
        throw hidden ? new AdRemovedError(moderationMessages.removed[hidden]) : new NotFoundError('Ad not found');
      }
      // Where it aired lately ('Aired on KXRP, Tue 8:14 AM'), newest first.
      return { ...toPublicAd(row), airedOn: await repo.recentAirings(row.id, RECENT_AIRINGS) };
    },

    /** The visible ads of these ids, by id (a station page's airings). */
    async publicByIds(ids: string[]): Promise<Map<string, PublicAd>> {
      const rows = await repo.findVisibleByIds(ids);
      return new Map(rows.map((row) => [row.id, toPublicAd(row)]));
    },

    /** Every visible ad's slug and last change, for the sitemap. */
    listVisibleSlugs: () => repo.listVisibleSlugs(),

    /** The ad's captions as WebVTT; 404 when its transcript has no timed lines. */
    async captions(slug: string): Promise<string> {
      const row = await repo.findVisibleBySlug(slug);
      if (!row?.transcriptSegments?.length) throw new NotFoundError(row ? 'This ad has no captions' : 'Ad not found');
      return toWebVtt(row.transcriptSegments);
    },

    async related(slug: string): Promise<PublicAd[]> {
      const ad = await repo.findVisibleBySlug(slug);
      if (!ad) throw new NotFoundError('Ad not found');
      return (await repo.listRelated(ad, RELATED_ADS)).map(toPublicAd);
    },
  };
}
export type AdsService = ReturnType<typeof createAdsService>;

/**
 * The same service with its public reads answered from the public cache: the same for every listener, so
 * computed once per change (see public-cache.ts). Lists are keyed by their parsed query.
 */
export function withPublicCache(ads: AdsService, cache: PublicCache): AdsService {
  return {
    ...ads,
    list: (query) =>
      cache.get(`list:${JSON.stringify(query)}`, () => ads.list(query), query.featured ? FEATURED_TTL_MS : undefined),
    suggest: (q) => cache.get(`suggest:${q}`, () => ads.suggest(q)),
    getBySlug: (slug) => cache.get(`ad:${slug}`, () => ads.getBySlug(slug)),
    captions: (slug) => cache.get(`captions:${slug}`, () => ads.captions(slug)),
    related: (slug) => cache.get(`related:${slug}`, () => ads.related(slug)),
    listVisibleSlugs: () => cache.get('slugs', () => ads.listVisibleSlugs()),
  };
}
