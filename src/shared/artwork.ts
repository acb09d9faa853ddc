import type { Category } from './categories.js';
import { escapeHtml } from './html.js';
import { seededRandom } from './random.js';

/**
 * Artwork for an ad without a logo: a pattern that belongs to its category, in colours that belong
 * to its business, the same every time for the same ad (no randomness, nothing downloaded). One SVG
 * source for the ad card, the ad page, the embed and the share image.
 */

/** Pairs of colours (deep, bright) that carry white marks well; a business always gets the same pair. */
const PALETTES: readonly (readonly [string, string])[] = [
  ['#2a1780', '#6f55f7'],
  ['#0b3d5c', '#1593b8'],
  ['#5a1238', '#e0457b'],
  ['#183d1f', '#3c9a4f'],
  ['#6b2407', '#e86a2c'],
  ['#22215e', '#4f7cf7'],
  ['#4a1a6b', '#b35bd6'],
  ['#063f3a', '#12a38c'],
  ['#5c3a05', '#d99a1c'],
  ['#3b1b1b', '#d1493f'],
];

/** FNV-1a: a small, stable string hash. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function artworkColours(businessName: string) {
  const [deep, bright] = PALETTES[hashString(businessName.trim().toLowerCase()) % PALETTES.length]!;
  return { deep, bright };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The category's marks on a 100x100 tile, white, drawn over the gradient. */
function motif(category: Category, rand: () => number): string {
  const marks: string[] = [];
  switch (category) {
    case 'Automotive':
      for (let i = -4; i < 8; i++) {
        const x = i * 16 + rand() * 6;
        marks.push(`<path d="M${r1(x)} 100 L${r1(x + 40)} 0" stroke-width="${r1(3 + rand() * 5)}"/>`);
      }
      break;
    case 'Finance':
      for (let i = 0; i < 7; i++) {
        const h = 18 + i * 9 + rand() * 10;
        marks.push(
          `<rect x="${8 + i * 13}" y="${r1(96 - h)}" width="8" height="${r1(h)}" rx="2" fill="#fff" stroke="none"/>`,
        );
      }
      break;
    case 'Food & Dining':
      for (let i = 0; i < 14; i++) {
        marks.push(`<circle cx="${r1(rand() * 100)}" cy="${r1(rand() * 100)}" r="${r1(3 + rand() * 11)}"/>`);
      }
      break;
    case 'Healthcare':
      for (let y = 12; y < 100; y += 25)
        for (let x = 12 + ((y / 25) % 2) * 12; x < 100; x += 25)
          marks.push(`<path d="M${x - 5} ${y} h10 M${x} ${y - 5} v10" stroke-width="3.5"/>`);
      break;
    case 'Real Estate':
      for (let i = 0; i < 6; i++) {
        const y = 20 + i * 15;
        marks.push(`<path d="M-5 ${y + 14} L50 ${y - 6} L105 ${y + 14}" stroke-width="${r1(2 + rand() * 3)}"/>`);
      }
      break;
    case 'Retail':
      for (let y = 0; y < 110; y += 22)
        for (let x = (y / 22) % 2 ? 11 : 0; x < 110; x += 22)
          marks.push(
            `<rect x="${x - 5}" y="${y - 5}" width="10" height="10" rx="2" transform="rotate(45 ${x} ${y})"/>`,
          );
      break;
    case 'Services':
      for (let i = 1; i < 8; i++)
        marks.push(`<circle cx="100" cy="100" r="${i * 16}" stroke-width="${r1(2 + rand() * 3)}"/>`);
      break;
    case 'Technology':
      for (let i = 0; i < 9; i++) {
        const y = 8 + i * 11;
        const x = r1(10 + rand() * 50);
        marks.push(
          `<path d="M0 ${y} H${x} l8 8 H100" stroke-width="2"/><circle cx="${x}" cy="${y}" r="2.5" fill="#fff"/>`,
        );
      }
      break;
    case 'Travel':
      for (let i = 0; i < 8; i++) {
        const y = 10 + i * 12;
        const a = r1(4 + rand() * 4);
        marks.push(`<path d="M-10 ${y} q12.5 -${a} 25 0 t25 0 t25 0 t25 0 t25 0" stroke-width="3"/>`);
      }
      break;
    default:
      for (let i = 1; i < 7; i++)
        marks.push(
          `<path d="M${50 - i * 14} 100 A${i * 14} ${i * 14} 0 0 1 ${50 + i * 14} 100" stroke-width="${r1(2 + rand() * 4)}"/>`,
        );
  }
  return marks.join('');
}

export interface ArtworkInput {
  businessName: string;
  category: Category;
  title: string;
}

/**
 * A square SVG: the gradient in the business's colours, the category's pattern, and a sound mark
 * with the business's initials. `withName` writes the business name across the bottom (large sizes).
 */
export function artworkSvg(ad: ArtworkInput, { withName = false }: { withName?: boolean } = {}): string {
  const { deep, bright } = artworkColours(ad.businessName);
  const rand = seededRandom(hashString(`${ad.title}|${ad.category}`));
  const id = `a${hashString(`${ad.businessName}|${ad.title}`).toString(36)}`;
  const initials = ad.businessName
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const name = escapeHtml(ad.businessName.length > 22 ? `${ad.businessName.slice(0, 21)}…` : ad.businessName);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${bright}"/></linearGradient></defs>`,
    `<rect width="100" height="100" fill="url(#${id})"/>`,
    `<g fill="none" stroke="#fff" stroke-linecap="round" opacity="0.18">${motif(ad.category, rand)}</g>`,
    `<circle cx="50" cy="${withName ? 42 : 50}" r="22" fill="#fff" fill-opacity="0.16"/>`,
    `<text x="50" y="${withName ? 42 : 50}" dy="0.35em" text-anchor="middle" fill="#fff" font-family="system-ui,sans-serif" font-weight="700" font-size="${initials.length > 1 ? 18 : 22}" letter-spacing="-0.5">${escapeHtml(initials)}</text>`,
    withName
      ? `<text x="50" y="84" text-anchor="middle" fill="#fff" font-family="system-ui,sans-serif" font-weight="600" font-size="7.5">${name}</text>`
      : '',
    `</svg>`,
  ].join('');
}
