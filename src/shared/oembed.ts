import { z } from 'zod';

const size = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of pixels` })
    .int(`${name} must be a whole number of pixels`)
    .min(1, `${name} must be at least 1`)
    .max(10_000, `${name} must be at most 10000`)
    .optional();

/** GET /oembed (oEmbed 1.0): which page, in which format, within which box. */
export const OEmbedQuery = z.object({
  url: z.string({ error: 'url is required' }).min(1, 'url is required').max(2000, 'url is too long'),
  format: z.enum(['json', 'xml'], { error: "format must be 'json'" }).default('json'),
  maxwidth: size('maxwidth'),
  maxheight: size('maxheight'),
});
export type OEmbedQuery = z.output<typeof OEmbedQuery>;

/** A 'rich' oEmbed answer: the player's iframe and what a consumer shows around it. */
export interface OEmbedResponse {
  version: '1.0';
  type: 'rich';
  provider_name: string;
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}
