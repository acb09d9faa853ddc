/**
 * Turns what a listener typed into a PostgreSQL tsquery string, the way websearch_to_tsquery reads it
 * ("quoted phrase", OR, -word) but with every word also matching as a prefix, so a word still being
 * typed matches ('coffe' finds coffee). Only letters and digits of the input reach the query, each
 * word in quotes, so no input can inject tsquery syntax. The string is parsed (and stemmed) by
 * to_tsquery('english', ...) in the database.
 */

/** More words than this add nothing but cost. */
const MAX_WORDS = 8;
/** Shorter words match whole only: a one- or two-letter prefix matches half the directory. */
const MIN_PREFIX = 3;

const WORD = /[\p{L}\p{N}]+/gu;

export interface ParsedSearch {
  /** The to_tsquery input; '' when nothing searchable is left. */
  tsquery: string;
  /** The positive words in order, lowercase (the ones a typo correction may replace). */
  words: string[];
}

const lexeme = (w: string, prefix: boolean) => `'${w}'${prefix && w.length >= MIN_PREFIX ? ':*' : ''}`;

export function parseSearch(input: string): ParsedSearch {
  // Quoted phrases, then bare tokens (a leading '-' negates).
  const tokens = input.match(/"[^"]*"?|[^\s"]+/g) ?? [];
  const clauses: string[] = [];
  const words: string[] = [];
  let joiner = ' & ';
  let count = 0;
  for (const raw of tokens) {
    if (count >= MAX_WORDS) break;
    if (/^or$/i.test(raw)) {
      if (clauses.length) joiner = ' | ';
      continue;
    }
    const negated = raw.startsWith('-') && raw.length > 1;
    const phrase = raw.startsWith('"');
    const found = (raw.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS - count);
    if (found.length === 0) continue;
    count += found.length;
    let clause: string;
    if (phrase && found.length > 1) {
      // A phrase matches its words in order; only its last word may be unfinished.
      clause = `(${found.map((w, i) => lexeme(w, i === found.length - 1)).join(' <-> ')})`;
    } else {
      clause = found.length > 1 ? `(${found.map((w) => lexeme(w, true)).join(' & ')})` : lexeme(found[0]!, true);
    }
    if (negated) clause = `!${clause}`;
    else words.push(...found);
    clauses.push(clauses.length ? joiner + clause : clause);
    joiner = ' & ';
  }
  return { tsquery: clauses.join(''), words };
}

/** The same search with some words replaced (a 'Did you mean' correction), for parseSearch again. */
export function replaceWords(input: string, replacements: Map<string, string>): string {
  return input.replace(WORD, (w) => replacements.get(w.toLowerCase()) ?? w);
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
