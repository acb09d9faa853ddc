import type { EntrySource } from './analytics.js';

/** The path of an ad's public page: the one way every link, canonical address and QR code is built. */
export const adPath = (slug: string) => `/ad/${encodeURIComponent(slug)}`;

/** The full public address of an ad; our own links say where they were followed from (?src=). */
export const adUrl = (origin: string, slug: string, src?: Exclude<EntrySource, 'direct'>) =>
  `${origin}${adPath(slug)}${src ? `?src=${src}` : ''}`;

const AD_PATH = /^\/ad\/([^/]+)\/?$/;

/** The slug of an ad page's path (the inverse of adPath), or null for any other path; a malformed escape throws URIError. */
export function slugOfAdPath(pathname: string): string | null {
  const match = AD_PATH.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}
