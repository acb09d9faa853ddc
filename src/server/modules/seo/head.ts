import type { PublicAd } from '../../../shared/ads.js';
import { escapeHtml } from '../../../shared/html.js';
import { PAGE_META, SITE_NAME, type PageMeta } from '../../../shared/page-meta.js';

export { escapeHtml };

/** JSON safe inside <script>: nothing in it can close the element or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface HeadTags extends PageMeta {
  canonical: string;
  image: string;
  type?: string;
  audio?: string;
  robots?: string;
  jsonLd?: unknown;
  preloadImage?: string;
}

export function renderHead(tags: HeadTags, clientConfig: Record<string, string>): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    tags.robots && meta('name', 'robots', tags.robots),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.canonical),
    meta('property', 'og:type', tags.type ?? 'website'),
    meta('property', 'og:image', tags.image),
    tags.audio && meta('property', 'og:audio', tags.audio),
    tags.audio && meta('property', 'og:audio:type', 'audio/mpeg'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.image),
    meta('name', 'adreplay-config', JSON.stringify(clientConfig)),
    tags.preloadImage && `<link rel="preload" as="image" href="${escapeHtml(tags.preloadImage)}" />`,
    tags.jsonLd !== undefined && `<script type="application/ld+json">${jsonForScript(tags.jsonLd)}</script>`,
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

export function adHead(ad: PublicAd, origin: string): HeadTags {
  const abs = (url: string) => (url.startsWith('http') ? url : origin + url);
  const canonical = `${origin}/ad/${ad.slug}`;
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
    type: 'music.song',
    audio: abs(ad.audioUrl),
    preloadImage: ad.logoUrl ?? undefined,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'AudioObject',
      name: ad.title,
      description,
      ...(ad.audioDurationMs ? { duration: isoDuration(ad.audioDurationMs) } : {}),
      contentUrl: abs(ad.audioUrl),
      encodingFormat: 'audio/mpeg',
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
