import type { PublicAd } from './ads.js';
import { escapeHtml } from './html.js';

/**
 * The embeddable player's address and code, shared by the ad page's Embed option and the oEmbed
 * endpoint, so both hand out the same iframe. Free of zod: the ad page is in the main bundle.
 */
export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The player's box: wide enough for the waveform, tall enough for title, player and link. */
export const EMBED_WIDTH = 480;
export const EMBED_HEIGHT = 176;

/** The oEmbed endpoint's answer for one of our pages (discovery link and consumers). */
export const oembedUrl = (origin: string, pageUrl: string) =>
  `${origin}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;

export function embedUrl(origin: string, slug: string, theme: EmbedTheme = 'light'): string {
  return `${origin}/embed/${encodeURIComponent(slug)}${theme === 'light' ? '' : `?theme=${theme}`}`;
}

export interface EmbedCodeOptions {
  origin: string;
  slug: string;
  title: string;
  theme?: EmbedTheme;
  /** Pixels; the iframe also shrinks to its container. */
  width?: number;
  height?: number;
}

/** The iframe a partner pastes into a page. */
export function embedCode({
  origin,
  slug,
  title,
  theme,
  width = EMBED_WIDTH,
  height = EMBED_HEIGHT,
}: EmbedCodeOptions) {
  const attrs = [
    `src="${escapeHtml(embedUrl(origin, slug, theme))}"`,
    `width="${width}"`,
    `height="${height}"`,
    `title="${escapeHtml(`${title} on AdReplay`)}"`,
    'style="border:0;max-width:100%"',
    'loading="lazy"',
  ];
  return `<iframe ${attrs.join(' ')}></iframe>`;
}

/** What the embed page needs of an ad; the server writes it into the page. */
export type EmbedAd = Pick<
  PublicAd,
  'id' | 'slug' | 'title' | 'businessName' | 'category' | 'logoUrl' | 'audioUrl' | 'audioDurationMs' | 'waveformPeaks'
>;
/**
 * What the server writes into the embed page: the ad, or null for an unknown one; when it could not be
 * loaded (the service briefly away), what went wrong instead.
 */
export interface EmbedData {
  ad: EmbedAd | null;
  unavailable?: string;
  /** With `unavailable`: the failed request's id, for a report to quote. */
  reference?: string;
  /** Why moderation hides the ad (HTTP 451): the notice the frame shows instead. */
  removed?: string;
}
/** The id of the JSON data block that carries the EmbedData. */
export const EMBED_DATA_ID = 'adreplay-embed';
