/**
 * Turns what a listener typed into a PostgreSQL tsquery string, the way websearch_to_tsquery reads it
 * ("quoted phrase", OR, -word) but with every word also matching as a prefix, so a word still being
 * typed matches ('coffe' finds coffee). Only letters and digits of the input reach the query, each
 * word in quotes, so no input can inject tsquery syntax. The string is parsed (and stemmed) by
 * to_tsquery('english', ...) in the database.
 *
 * Numbers match as they were heard, however either side wrote them: '20% off' finds 'twenty percent off'
 * and 'twenty percent' finds '20%'; '555-0101' finds a transcript's '555-0101' (which PostgreSQL keeps as
 * '555' and '-0101'); '19.99' stays one number, as PostgreSQL indexes it; a phone number typed in any
 * grouping ('5550101201', '+1 555.010.1201') matches by its digits an ad's phone and the numbers it says.
 * '20' does not find the 'twenty' of 'twenty-four' (or of 'twenty four'): a round number in words must
 * not be followed by a unit.
 */

import { doubleMetaphone } from 'double-metaphone';

/** More words than this add nothing but cost. */
const MAX_WORDS = 8;
/** Shorter words match whole only: a one- or two-letter prefix matches half the directory. */
const MIN_PREFIX = 3;

/** A number with a decimal point or a slash ('19.99', '24/7'), which PostgreSQL keeps whole; else a word. */
const WORD = /\d+(?:[./]\d+)+|[\p{L}\p{N}]+/gu;
export const isNumber = (word: string) => /^\d[\d./]*$/.test(word);

/**
 * A phone number as typed: digits in groups split by spaces, dots, dashes or parentheses, perhaps after '+'.
 * The database finds the numbers an ad says with the same pattern (phone_words_in, migration 0017).
 */
const PHONE = String.raw`\+?\(?\d[\d ().-]*\d\)?`;
const PHONE_RUN = new RegExp(PHONE, 'g');
/** A token that is a phone number and nothing else (a leading '-' negates it). */
const PHONE_TOKEN = new RegExp(`^-?${PHONE}$`);
/** Holds a phone number's groups together as one token: a character no word or space contains. */
const GROUPED = '\uE000';
/** The digits of a phone number as typed (7 to 15 of them), or null. */
function phoneDigits(run: string): string | null {
  const digits = run.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

const ONES = [
  ...'zero one two three four five six seven eight nine'.split(' '),
  ...'ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' '),
];
const TENS = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
/** Number words and their values: 'five' 5, 'twenty' 20, 'hundred' 100. */
const VALUE_OF = new Map<string, number>([
  ...ONES.map((w, n) => [w, n] as const),
  ...TENS.map((w, i) => [w, 20 + 10 * i] as const),
  ['hundred', 100],
]);

/** 0 to 99 as said: ['seven'], ['twenty'], ['twenty', 'five']. */
function spoken(n: number): string[] {
  if (n < 20) return [ONES[n]!];
  const [tens, ones] = [Math.floor(n / 10), n % 10];
  return ones ? [TENS[tens - 2]!, ONES[ones]!] : [TENS[tens - 2]!];
}

/**
 * After a round number in words: not followed by a unit, so 'twenty' is 20 and not the start of 24. (An
 * ad's 'twenty-four' is indexed as 'twenty-four', 'twenty', 'four', so its 'twenty' is followed by 'four'.)
 */
const ALONE = ` <-> !(${ONES.slice(1, 10)
  .map((w) => `'${w}'`)
  .join(' | ')})`;

/**
 * What a listener may call a kind of business, and the word of its category (weight B of the vectors, beside
 * location and phone): 'car' also finds the Automotive ads, 'doctor' the Healthcare ones. Only words for the
 * kind itself, never for what one sells: 'coffee' must not bring every Food & Dining ad. Services and Other
 * hold too many kinds for any one word: a 'lawyer' is no plumber.
 */
const KIND_WORDS: Record<string, string[]> = {
  automotive: ['car', 'cars', 'auto', 'autos', 'vehicle', 'vehicles', 'dealer', 'dealership', 'mechanic', 'garage'],
  finance: ['bank', 'banks', 'banking', 'financial', 'insurance', 'insurer', 'lender', 'accountant'],
  dining: ['restaurant', 'restaurants', 'food', 'eatery', 'diner', 'cafe', 'takeout'],
  healthcare: ['doctor', 'doctors', 'clinic', 'medical', 'health', 'hospital', 'physician', 'pharmacy'],
  estate: ['realtor', 'realtors', 'realty', 'property', 'properties', 'apartment', 'apartments', 'condo', 'housing'],
  retail: ['shop', 'shops', 'store', 'stores', 'shopping', 'retailer', 'boutique'],
  technology: ['tech', 'computer', 'computers', 'electronics', 'software', 'broadband'],
  travel: ['trip', 'trips', 'vacation', 'vacations', 'holiday', 'holidays', 'hotel', 'hotels', 'airline', 'cruise'],
};
const KIND_OF = new Map(Object.entries(KIND_WORDS).flatMap(([kind, words]) => words.map((w) => [w, kind] as const)));

const lexeme = (w: string, prefix: boolean) => `'${w}'${prefix && w.length >= MIN_PREFIX ? ':*' : ''}`;

const quoted = (words: string[]) => words.map((w) => `'${w}'`).join(' <-> ');

/**
 * A word and what else it may be written as: a number's words or digits, and the form PostgreSQL gives
 * digits after a hyphen ('-0101'); a kind of business, its category. A number said before 'percent' (or
 * '%') must be said so in words too: 'twenty' alone is also part of 'twenty-four'. In a phrase, only
 * one-word forms (a longer one, or a condition on the next word, would shift the words after it; there
 * the next word is given anyway).
 */
function term(w: string, prefix: boolean, { inPhrase = false, percent = false } = {}): string {
  const forms = [lexeme(w, prefix)];
  if (/^\d+$/.test(w)) {
    forms.push(`'-${w}'`);
    const n = Number(w);
    const words = n < 100 && String(n) === w ? spoken(n) : n === 100 ? ['hundred'] : [];
    if (percent && words.length) words.push('percent');
    if (words.length === 1)
      forms.push(TENS.includes(words[0]!) && !inPhrase ? `(${quoted(words)}${ALONE})` : quoted(words));
    else if (words.length > 1 && !inPhrase) forms.push(`(${quoted(words)})`);
  } else if (VALUE_OF.has(w)) {
    if (percent && !inPhrase) forms[0] = `(${quoted([w, 'percent'])})`;
    forms.push(`'${VALUE_OF.get(w)}'`);
  } else if (KIND_OF.has(w) && !inPhrase) {
    forms.push(`'${KIND_OF.get(w)}':B`);
  }
  return forms.length > 1 ? `(${forms.join(' | ')})` : forms[0]!;
}

/**
 * Three or more letters spelt out one by one ('k-x-r-p', 'K.X.R.P.', 'k x r p'): a station's call sign or a
 * name said letter by letter on air, which the ads write as one word (KXRP).
 */
const SPELT_OUT = /(?<![\p{L}\p{N}])\p{L}(?:[-. ]\p{L}){2,}(?![\p{L}\p{N}])\.?/gu;
const joinSpeltOut = (input: string) => input.replace(SPELT_OUT, (run) => run.replace(/[-. ]/g, ''));

export interface ParsedSearch {
  /** The to_tsquery input; '' when nothing searchable is left. */
  tsquery: string;
  /**
   * The same words for marking matches (ts_headline): without the conditions on a word's neighbour,
   * which ts_headline would mark as if they were searched for.
   */
  highlight: string;
  /** The positive words in order, lowercase (the ones a typo correction may replace). */
  words: string[];
  /** The phone numbers typed, as digits (with and without a country code): the forms saidNumber looks for. */
  numbers: string[];
}

export function parseSearch(input: string): ParsedSearch {
  // Quoted phrases, then bare tokens (a leading '-' negates); a phone number's groups are one token.
  const held = joinSpeltOut(input).replace(PHONE_RUN, (run) => (phoneDigits(run) ? run.replaceAll(' ', GROUPED) : run));
  const tokens = held.match(/"[^"]*"?|[^\s"]+/g) ?? [];
  const clauses: string[] = [];
  const words: string[] = [];
  const numbers: string[] = [];
  let joiner = ' & ';
  let count = 0;
  let previous = '';
  for (const [i, raw] of tokens.entries()) {
    if (count >= MAX_WORDS) break;
    if (/^or$/i.test(raw)) {
      if (clauses.length) joiner = ' | ';
      continue;
    }
    const negated = raw.startsWith('-') && raw.length > 1;
    const phrase = raw.startsWith('"');
    let found = (raw.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS - count);
    // 'percent' after a number is what '%' says, which PostgreSQL does not index: '20% off' and
    // 'twenty percent off' must find each other; the number's term asks for it where it is in words.
    if (!phrase && found[0] === 'percent' && (isNumber(previous) || VALUE_OF.has(previous))) found = found.slice(1);
    if (found.length === 0) continue;
    count += found.length;
    previous = found[found.length - 1]!;
    const percent = /\d%/.test(raw) || /^percent$/i.test(tokens[i + 1] ?? '');
    let clause: string;
    if (phrase && found.length > 1) {
      // A phrase matches its words in order; only its last word may be unfinished.
      clause = `(${found.map((w, j) => term(w, j === found.length - 1, { inPhrase: true })).join(' <-> ')})`;
    } else {
      const terms = found.map((w, j) => term(w, true, { percent: percent && j === found.length - 1 }));
      clause = terms.length > 1 ? `(${terms.join(' & ')})` : terms[0]!;
      // A phone number also matches its digits together, with or without a country code, as an ad's phone
      // and the numbers its description and transcript say are indexed (ad_phone_words, phone_words_in);
      // its groups match the text as written.
      const digits = PHONE_TOKEN.test(raw.replaceAll(GROUPED, ' ')) ? phoneDigits(raw) : null;
      if (digits) {
        const forms = [...new Set([digits, digits.slice(-10)])];
        if (!negated) numbers.push(...forms);
        clause = `(${forms.map((d) => `'${d}'`).join(' | ')} | ${clause})`;
      }
    }
    if (negated) clause = `!${clause}`;
    else words.push(...found);
    clauses.push(clauses.length ? joiner + clause : clause);
    joiner = ' & ';
  }
  const tsquery = clauses.join('');
  return { tsquery, highlight: tsquery.replaceAll(ALONE, ''), words, numbers };
}

/**
 * Where a text says one of the typed phone numbers (ParsedSearch.numbers) in any grouping, as [start, end),
 * or null: the digit forms the database indexes for it (phone_words_in) are its digits together, the last
 * ten and the last seven.
 */
export function saidNumber(text: string, numbers: string[]): [number, number] | null {
  if (!numbers.length) return null;
  for (const run of text.matchAll(PHONE_RUN)) {
    const digits = phoneDigits(run[0]);
    if (digits && [digits, digits.slice(-10), digits.slice(-7)].some((form) => numbers.includes(form))) {
      return [run.index, run.index + run[0].length];
    }
  }
  return null;
}

/** The same search with some words replaced (a 'Did you mean' correction), for parseSearch again. */
export function replaceWords(input: string, replacements: Map<string, string>): string {
  return input.replace(WORD, (w) => replacements.get(w.toLowerCase()) ?? w);
}

/**
 * The same search with two neighbouring words written as one ('flow right' → 'flowright'), where only
 * spaces stand between them; unchanged when they are not there.
 */
export function joinWords(input: string, first: string, second: string): string {
  const found = [...input.matchAll(WORD)];
  for (let i = 0; i + 1 < found.length; i++) {
    const [a, b] = [found[i]!, found[i + 1]!];
    const between = input.slice(a.index + a[0].length, b.index);
    if (a[0].toLowerCase() === first && b[0].toLowerCase() === second && /^ +$/.test(between)) {
      return input.slice(0, a.index) + first + second + input.slice(b.index + b[0].length);
    }
  }
  return input;
}

/**
 * Whether a listener who typed `typed` may have meant `word`: a word spelt by ear sounds the same (Double
 * Metaphone) and is two edits away at most ('fone' for phone, 'breaks' for brakes, 'tyre' for tire, but not
 * 'slow' for sale), or a misspelling keeps its first letter and is a slip or two away: one edit up to six
 * letters, two from seven (Elasticsearch's fuzziness AUTO:3,7), so 'plumbng' and 'hardwear' are corrected
 * but 'bread' is not a misspelt 'tread', nor 'doctor' a misspelt 'door'.
 */
export function mayMean(typed: string, word: string): boolean {
  const edits = editDistance(typed, word);
  const [a, b] = [doubleMetaphone(typed), doubleMetaphone(word)];
  if (edits <= 2 && a.some((code) => b.includes(code))) return true;
  return typed[0] === word[0] && edits <= (typed.length >= 7 ? 2 : 1);
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment):
 * 'dentsit' is one edit from 'dentist'. Ranks the trigram candidates of a misspelt word.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
