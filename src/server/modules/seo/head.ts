import { adUrl } from '../../../shared/ad-links.js';
import { PublicAd } from '../../../shared/ads.js';
import { StationDay } from '../../../shared/stations.js';
import { stationPath } from '../../../shared/station-links.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { captionsPath } from '../../../shared/transcripts.js';
import { oembedUrl } from '../../../shared/embed.js';
import { escapeHtml } from '../../../shared/html.js';
import { QUERY_STATE_ID } from '../../../shared/page-data.js';
import { PAGE_META, SITE_NAME, type PageMeta } from '../../../shared/page-meta.js';
import type { Config } from '../../config.js';
import { SHARE_IMAGE } from '../share-image/share-image.js';
import { paintFirst } from './paint-first.js';

/** JSON safe inside <script>: nothing in it can close the element or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const HEAD_START = '<!--app-head-->';
const HEAD_END = '<!--/app-head-->';
/** Where a page rendered on the server goes. */
const ROOT = '<div id="root"></div>';

/**
 * A built page of the web app whose head is written per request between the <!--app-head-->
 * markers; null when the web app is not built.
 */
export async function readPageTemplate(file: string) {
  let built: string;
  try {
    built = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const { html: template, scriptSources } = await paintFirst(built, path.dirname(file));
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  if (start < 0 || end < 0) throw new Error(`${file} lacks the ${HEAD_START} markers`);
  const before = template.slice(0, start);
  const after = template.slice(end + HEAD_END.length);
  const root = after.indexOf(ROOT);
  const [body, rest] =
    root < 0 ? [after, ''] : [after.slice(0, root + ROOT.length - 6), after.slice(root + ROOT.length - 6)];
  return {
    /** The CSP sources that allow the page's inline scripts. */
    scriptSources,
    /**
     * The page with this head, a class on <html> (a theme known before any script runs) and, when the server
     * rendered it, the app's HTML in its root element.
     */
    render: (head: string, htmlClass?: string, appHtml?: string) =>
      (htmlClass ? before.replace(/<html\b/, `<html class="${escapeHtml(htmlClass)}"`) : before) +
      head +
      (appHtml && rest ? body + appHtml + rest : after),
  };
}

export type PageTemplate = NonNullable<Awaited<ReturnType<typeof readPageTemplate>>>;

/** What the web app reads from <meta name="adreplay-config"> (see src/web/lib/app-config.ts). */
export const clientConfigOf = (config: Config) => ({
  publicOrigin: config.PUBLIC_ORIGIN,
  demoVideoUrl: config.DEMO_VIDEO_URL,
  /** The ad form says whether uploads are transcribed automatically. */
  autoTranscription: config.TRANSCRIBE_URL ? 'on' : 'off',
});

export interface HeadTags extends PageMeta {
  canonical: string;
  image: string;
  /** The generated share card (1200x630), offered beside `image` and as the Twitter image. */
  card?: { url: string; width: number; height: number; alt: string };
  type?: string;
  audio?: { url: string; type: string };
  robots?: string;
  jsonLd?: unknown;
  preloadImage?: string;
  /** oEmbed discovery: where consumers get this page's embed code. */
  oembed?: string;
  /** The WebVTT captions of the page's audio. */
  captions?: string;
  /** What the page would fetch first (the ad), so it renders without waiting for a request. */
  data?: unknown;
  /** The query cache the server rendered the page from (React Query's dehydrated state). */
  queryState?: unknown;
}

export function renderHead(tags: HeadTags, clientConfig: Record<string, string>): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    tags.robots && meta('name', 'robots', tags.robots),
    tags.oembed &&
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(tags.oembed)}" title="${escapeHtml(tags.title)}" />`,
    tags.captions && `<link rel="alternate" type="text/vtt" href="${escapeHtml(tags.captions)}" title="Captions" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.canonical),
    meta('property', 'og:type', tags.type ?? 'website'),
    // One og:image: networks that take the first one would otherwise show a small logo, not the 1200x630 card.
    meta('property', 'og:image', tags.card?.url ?? tags.image),
    tags.card && meta('property', 'og:image:type', 'image/png'),
    tags.card && meta('property', 'og:image:width', String(tags.card.width)),
    tags.card && meta('property', 'og:image:height', String(tags.card.height)),
    tags.card && meta('property', 'og:image:alt', tags.card.alt),
    tags.audio && meta('property', 'og:audio', tags.audio.url),
    tags.audio && meta('property', 'og:audio:type', tags.audio.type),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.card?.url ?? tags.image),
    tags.card && meta('name', 'twitter:image:alt', tags.card.alt),
    meta('name', 'adreplay-config', JSON.stringify(clientConfig)),
    tags.preloadImage && `<link rel="preload" as="image" href="${escapeHtml(tags.preloadImage)}" />`,
    tags.jsonLd !== undefined && `<script type="application/ld+json">${jsonForScript(tags.jsonLd)}</script>`,
    tags.data !== undefined && `<script type="application/json" id="page-data">${jsonForScript(tags.data)}</script>`,
    tags.queryState !== undefined &&
      `<script type="application/json" id="${QUERY_STATE_ID}">${jsonForScript(tags.queryState)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** ISO 8601 duration, e.g. PT1M5S. */
export function isoDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const m = Math.floor(total / 60);
  return `PT${m ? `${m}M` : ''}${total % 60}S`;
}

/** The share card's address: stable per ad, with its last change so previews refresh after an edit. */
export const shareImageUrl = (origin: string, ad: Pick<PublicAd, 'slug' | 'updatedAt'>) =>
  `${adUrl(origin, ad.slug)}/og.png?v=${new Date(ad.updatedAt).getTime().toString(36)}`;

export function adHead(ad: PublicAd, origin: string): HeadTags {
  const abs = (url: string) => (url.startsWith('http') ? url : origin + url);
  const canonical = adUrl(origin, ad.slug);
  // The column is nullable; MP3 is the format the spec names for ad audio.
  const audioType = ad.audioType ?? 'audio/mpeg';
  const description = ad.description || `Listen to ${ad.title}, an ad by ${ad.businessName}, on AdReplay.`;
  const organization = {
    '@type': 'Organization',
    name: ad.businessName,
    ...(ad.websiteUrl ? { url: ad.websiteUrl } : {}),
    ...(ad.logoUrl ? { logo: abs(ad.logoUrl) } : {}),
  };
  return {
    title: `${ad.title} | ${SITE_NAME}`,
    description,
    canonical,
    image: ad.logoUrl ? abs(ad.logoUrl) : `${origin}/og-default.png`,
    card: { url: shareImageUrl(origin, ad), ...SHARE_IMAGE, alt: `${ad.title}, an ad by ${ad.businessName}` },
    type: 'music.song',
    audio: { url: abs(ad.audioUrl), type: audioType },
    preloadImage: ad.logoUrl ?? undefined,
    oembed: oembedUrl(origin, canonical),
    captions: ad.transcriptSegments?.length ? `${origin}${captionsPath(ad.slug)}` : undefined,
    // The ad as GET /api/ads/{slug} answers it (the contract drops anything else).
    data: PublicAd.parse(ad),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'AudioObject',
      name: ad.title,
      description,
      ...(ad.audioDurationMs ? { duration: isoDuration(ad.audioDurationMs) } : {}),
      contentUrl: abs(ad.audioUrl),
      encodingFormat: audioType,
      ...(ad.transcript ? { transcript: ad.transcript } : {}),
      uploadDate: ad.createdAt,
      url: canonical,
      author: organization,
      publisher: organization,
    },
  };
}

export function pageHead(pathname: string, origin: string): HeadTags {
  const meta = PAGE_META[pathname] ?? PAGE_META['/']!;
  return { ...meta, canonical: origin + pathname, image: `${origin}/og-default.png` };
}

/** A station's public page: what aired on it today; its data is the day the page fetches first. */
export function stationHead(day: StationDay, origin: string): HeadTags {
  const { station } = day;
  const abs = (url: string) => (url.startsWith('http') ? url : origin + url);
  const where = [station.frequency, station.city].filter(Boolean).join(', ');
  return {
    title: `${station.callSign} ${station.name}: what aired today | ${SITE_NAME}`,
    description: `Every ad heard on ${station.callSign} ${station.name}${where ? ` (${where})` : ''}, by day and hour: play any spot you heard again.`,
    canonical: `${origin}${stationPath(station.callSign)}`,
    image: station.logoUrl ? abs(station.logoUrl) : `${origin}/og-default.png`,
    data: StationDay.parse(day),
  };
}
