import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adUrl } from '../../../shared/ad-links.js';
import { EMBED_DATA_ID, EMBED_THEMES, type EmbedData, type EmbedTheme } from '../../../shared/embed.js';
import { escapeHtml } from '../../../shared/html.js';
import { messages } from '../../../shared/messages.js';
import { OEmbedQuery } from '../../../shared/oembed.js';
import { SITE_NAME } from '../../../shared/page-meta.js';
import { AdRemovedError, NotFoundError, type ErrorPage } from '../../errors.js';
import { jsonForScript, type PageTemplate } from '../seo/head.js';
import type { PageRenderer } from '../seo/page-renderer.js';
import type { EmbedService } from './embed.service.js';

/**
 * The embeddable player at /embed/{slug} (the one page other sites may frame) and the oEmbed
 * endpoint that hands out its code.
 */
export async function embedRoutes(
  app: FastifyInstance,
  deps: {
    embed: EmbedService;
    origin: string;
    clientConfig: Record<string, string>;
    /** The built embed.html; null when the web app is not built (API-only tests). */
    page: PageTemplate | null;
    /** Renders the player into the page; without it (no server build) the browser renders it. */
    renderer?: PageRenderer | null;
  },
) {
  const { embed, origin, page, renderer = null } = deps;

  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/oembed', { schema: { querystring: OEmbedQuery } }, async (req, reply) => {
      const answer = await embed.oembed(req.query);
      // Public data, fetched by other sites' pages too.
      return reply
        .header('Access-Control-Allow-Origin', '*')
        .header('Cache-Control', `public, max-age=${answer.cache_age}`)
        .send(answer);
    });

  app.get<{ Params: { slug: string }; Querystring: { theme?: string } }>(
    '/embed/:slug',
    { config: { securityHeaders: 'framable' } },
    async (req, reply) => {
      if (!page) throw new NotFoundError('The web app is not built');
      let data: EmbedData = { ad: null };
      let status = 404;
      try {
        data = { ad: await embed.ad(req.params.slug) };
        status = 200;
      } catch (err) {
        // A hidden ad's frame says why (451); an unknown one says not found; any other failure is
        // embedFailurePage's.
        if (err instanceof AdRemovedError) [data, status] = [{ ad: null, removed: err.message }, 451];
        else if (!(err instanceof NotFoundError)) throw err;
      }
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(
          renderEmbed(page, data, {
            origin,
            clientConfig: deps.clientConfig,
            theme: themeOf(req.query),
            renderer,
            log: req.log,
          }),
        );
    },
  );
}

const themeOf = (query: unknown): EmbedTheme =>
  EMBED_THEMES.find((t) => t === (query as { theme?: unknown } | undefined)?.theme) ?? 'light';

interface EmbedPageOptions {
  origin: string;
  clientConfig: Record<string, string>;
  theme: EmbedTheme;
  renderer: PageRenderer | null;
  log: FastifyBaseLogger;
}

/** The player's HTML, or none (the browser renders it) when there is no server build or the render failed. */
function playerHtml({ renderer, log }: EmbedPageOptions, data: EmbedData) {
  try {
    return renderer?.renderEmbed(data);
  } catch (err) {
    log.error({ err }, 'rendering the embed failed; the browser renders it');
    return undefined;
  }
}

/** The embed page for an ad, for an unknown one, or for one that could not be loaded. */
function renderEmbed(page: PageTemplate, data: EmbedData, options: EmbedPageOptions) {
  const { origin, clientConfig, theme } = options;
  const { ad } = data;
  const title = ad
    ? ad.title
    : data.unavailable
      ? messages.adUnavailable
      : data.removed
        ? messages.adRemoved
        : messages.adNotFound;
  const head = [
    `<title>${escapeHtml(`${title} | ${SITE_NAME}`)}</title>`,
    // The ad's page is where search engines should send people, not the bare player.
    '<meta name="robots" content="noindex" />',
    ad && `<link rel="canonical" href="${escapeHtml(adUrl(origin, ad.slug))}" />`,
    `<meta name="color-scheme" content="${theme}" />`,
    `<meta name="adreplay-config" content="${escapeHtml(JSON.stringify(clientConfig))}" />`,
    `<script type="application/json" id="${EMBED_DATA_ID}">${jsonForScript(data)}</script>`,
  ].filter(Boolean);
  return page.render(head.join('\n    '), theme, playerHtml(options, data));
}

/**
 * What a partner's page shows in the frame when the player could not be served (the database away, a
 * failure of ours): the player's own page saying so, not an error body. A refused address ('/embed/%ff')
 * is an unknown ad.
 */
export function embedFailurePage(
  page: PageTemplate,
  origin: string,
  clientConfig: Record<string, string>,
  renderer: PageRenderer | null = null,
): ErrorPage {
  return (req, statusCode, message) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith('/embed/')) return undefined;
    if (!req.headers.accept?.includes('text/html')) return undefined;
    const data: EmbedData = statusCode < 500 ? { ad: null } : { ad: null, unavailable: message, reference: req.id };
    return renderEmbed(page, data, { origin, clientConfig, theme: themeOf(req.query), renderer, log: req.log });
  };
}
