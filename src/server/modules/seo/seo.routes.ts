import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyPlugin from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adUrl, slugOfAdPath } from '../../../shared/ad-links.js';
import { dayOf } from '../../../shared/analytics.js';
import { INDEXED_PAGES } from '../../../shared/page-meta.js';
import { isAppRoute } from '../../../shared/routes.js';
import type { Config } from '../../config.js';
import { AdRemovedError, NotFoundError, type ErrorPage } from '../../errors.js';
import { messages } from '../../../shared/messages.js';
import type { PublicAd } from '../../../shared/ads.js';
import { preparedBodies } from '../../prepared-body.js';
import type { AdsService } from '../ads/ads.service.js';
import type { StationsService } from '../stations/stations.service.js';
import type { StationDay } from '../../../shared/stations.js';
import { callSignOfStationPath, stationPath } from '../../../shared/station-links.js';
import { escapeHtml } from '../../../shared/html.js';
import type { PublicCache } from '../../public-cache.js';
import { adHead, clientConfigOf, pageHead, renderHead, stationHead, type HeadTags, type PageTemplate } from './head.js';
import type { PageRenderer, RenderedPage } from './page-renderer.js';

/** The head of the app's not-found page (the app shows it by the path; the status says so too). */
const missingHead = (origin: string, title: string): HeadTags => ({
  ...pageHead('/', origin),
  title: `${title} | AdReplay`,
  robots: 'noindex',
});

/** Paths the web app never serves: the API, uploads and the embeddable player (which has a page of its own). */
const NOT_PAGES = /^\/(?:api|media|embed)\/|^\/oembed(?:\?|$)/;

/**
 * What a browser gets when its request for a page fails anywhere (a malformed address, a NUL, the database
 * away): the web app, which shows its own not-found or error view, with the failure's status. API clients
 * (and anything not asking for HTML) keep the JSON error body.
 */
export function pageForError(page: PageTemplate, config: Config): ErrorPage {
  const clientConfig = clientConfigOf(config);
  return (req, statusCode) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_PAGES.test(req.url)) return undefined;
    if (!req.headers.accept?.includes('text/html')) return undefined;
    const head =
      statusCode < 500
        ? missingHead(config.PUBLIC_ORIGIN, 'Page Not Found')
        : { ...pageHead('/', config.PUBLIC_ORIGIN), robots: 'noindex' };
    return page.render(renderHead(head, clientConfig));
  };
}

/**
 * Serves the built web app. Every page's HTML carries its own title, description, canonical URL,
 * share-preview tags and, for ads, JSON-LD, so previews and search engines need no JavaScript.
 */
async function seo(
  app: FastifyInstance,
  opts: {
    webDir: string;
    page: PageTemplate | null;
    config: Config;
    ads: AdsService;
    stations: StationsService;
    /** The web app's server entry: public pages come rendered; without it they render in the browser. */
    renderer?: PageRenderer | null;
    publicCache: PublicCache;
  },
) {
  const { config, ads, stations, renderer, publicCache } = opts;
  const origin = config.PUBLIC_ORIGIN;
  const clientConfig = clientConfigOf(config);

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
      ),
  );

  app.get('/sitemap.xml', async (_req, reply) => {
    const urls = [
      ...INDEXED_PAGES.map((path) => ({ loc: `${origin}${path}`, lastmod: undefined as string | undefined })),
      ...(await ads.listVisibleSlugs()).map((a) => ({
        loc: adUrl(origin, a.slug),
        lastmod: dayOf(a.updatedAt),
      })),
      ...(await stations.listCallSigns()).map((s) => ({
        loc: `${origin}${stationPath(s.callSign)}`,
        lastmod: undefined,
      })),
    ];
    const body = urls
      .map((u) => `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
      );
  });

  const notFound = (req: FastifyRequest) => new NotFoundError(`Route ${req.method} ${req.url.split('?')[0]} not found`);
  // API and media misses, other methods, and every route when the web app is not built: JSON 404s.
  app.setNotFoundHandler((req) => {
    throw notFound(req);
  });

  const { page } = opts;
  if (!page) {
    return; // API-only: tests, or the web app not built yet
  }
  const HTML = 'text/html; charset=utf-8';
  /**
   * The app's shell, for pages the browser renders: the same for everyone at one path and status (its
   * stylesheet inline, decision 55), so it is kept by both and its body compressed once, as a static file's.
   */
  interface Shell {
    tags: HeadTags;
  }
  const shells = new LRUCache<string, Shell>({ max: 1_000 });
  const shellPage = preparedBodies(true, ({ tags }: Shell) => page.render(renderHead(tags, clientConfig)), HTML);
  const html = (req: FastifyRequest, reply: FastifyReply, tags: HeadTags, status = 200) => {
    const key = `${status} ${tags.canonical} ${tags.title}`;
    let shell = shells.get(key);
    if (!shell) shells.set(key, (shell = { tags }));
    return shellPage(req, reply.status(status).header('Cache-Control', 'no-cache'), shell);
  };
  // An ad's page is the same for every listener while its cached ad lives: rendered and compressed once.
  const adPage = preparedBodies(
    config.PUBLIC_CACHE,
    (ad: PublicAd) => page.render(renderHead(adHead(ad, origin), clientConfig)),
    HTML,
  );
  const stationPage = preparedBodies(
    config.PUBLIC_CACHE,
    (day: StationDay) => page.render(renderHead(stationHead(day, origin), clientConfig)),
    HTML,
  );

  /**
   * A page rendered on the server, with its head: kept in the public cache by address (so a change anything
   * public clears it, as it clears the API's answers), its body, ETag and compressed forms made once.
   */
  interface ServedPage {
    rendered: RenderedPage;
    tags: HeadTags;
  }
  const renderedPage = preparedBodies(
    config.PUBLIC_CACHE,
    ({ rendered, tags }: ServedPage) =>
      page.render(renderHead({ ...tags, queryState: rendered.state }, clientConfig), undefined, rendered.html),
    HTML,
  );
  /**
   * The page at this address as the server renders it, or null when it does not (no renderer built, a page
   * for signed-in users, a render that failed: the browser renders it then, as before).
   */
  const serverRendered = async (req: FastifyRequest, key: string, tags: () => HeadTags): Promise<ServedPage | null> => {
    if (!renderer) return null;
    try {
      const served = await publicCache.get(`page:${key}`, async () => {
        const rendered = await renderer.render(key, (path) => readApi(req, path));
        return rendered && { rendered, tags: tags() };
      });
      return served;
    } catch (err) {
      req.log.error({ err }, 'server rendering failed; the page renders in the browser');
      return null;
    }
  };
  const sendRendered = (req: FastifyRequest, reply: FastifyReply, served: ServedPage) =>
    renderedPage(req, reply.status(served.rendered.status).header('Cache-Control', 'no-cache'), served);

  /** The API's answer to a GET, read from this server for the visitor (their address counts for its limits). */
  async function readApi<T>(req: FastifyRequest, path: string): Promise<T> {
    const res = await app.inject({
      method: 'GET',
      url: path,
      remoteAddress: req.ip,
      headers: { accept: 'application/json', 'user-agent': req.headers['user-agent'] ?? '' },
    });
    if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}`);
    return res.json<T>();
  }

  await app.register(fastifyStatic, {
    root: opts.webDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside each script and stylesheet (smaller than compressing per request).
    preCompressed: true,
    // send's own Cache-Control header would override the one set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite puts content hashes in asset names; other files (icons, manifest) revalidate by ETag.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
      if (hashed) res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  // Every other GET is a page of the web app. A route, not the not-found handler, so that route hooks
  // (compression) apply to the HTML too.
  app.get('/*', async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname.startsWith('/media/')) throw notFound(req);
    try {
      const slug = slugOfAdPath(pathname);
      if (slug !== null) {
        const ad = await ads.getBySlug(slug);
        // The page does not depend on the query (?src= is read by the browser), so one render serves all.
        // Rendered, the page carries its query cache instead of the bare ad.
        const served = await serverRendered(req, pathname, () => ({ ...adHead(ad, origin), data: undefined }));
        if (served) return sendRendered(req, reply, served);
        return adPage(req, reply.header('Cache-Control', 'no-cache'), ad);
      }
      const callSign = callSignOfStationPath(pathname);
      if (callSign !== null) {
        const day = await stations.stationDay(callSign, {}).catch((err: unknown) => {
          if (err instanceof NotFoundError) return null;
          throw err;
        });
        if (!day) return html(req, reply, missingHead(origin, 'Station Not Found'), 404);
        // The day and hour are in the query: each is a render of its own.
        const served = await serverRendered(req, req.url, () => ({ ...stationHead(day, origin), data: undefined }));
        if (served) return sendRendered(req, reply, served);
        return stationPage(req, reply.header('Cache-Control', 'no-cache'), day);
      }
    } catch (err) {
      // The web app asks the API for the ad and shows the same notice (451) or its not-found page.
      if (err instanceof AdRemovedError) return html(req, reply, missingHead(origin, messages.adRemoved), 451);
      if (!(err instanceof NotFoundError || err instanceof URIError)) throw err;
      return html(req, reply, missingHead(origin, 'Ad Not Found'), 404);
    }
    const known = isAppRoute(pathname);
    // Only the directory reads its query; other pages are one render whatever follows the '?'.
    const key = pathname === '/directory' ? req.url : pathname;
    const served = await serverRendered(req, key, () =>
      known ? pageHead(pathname, origin) : missingHead(origin, 'Page Not Found'),
    );
    if (served) return sendRendered(req, reply, served);
    if (!known) {
      // Not a page of the app: the app still renders its not-found page, with the status that says so.
      return html(req, reply, missingHead(origin, 'Page Not Found'), 404);
    }
    return html(req, reply, pageHead(pathname, origin));
  });
}

/** Not encapsulated: its not-found handler and static files serve the whole server. */
export const seoRoutes = fastifyPlugin(seo, { name: 'seo' });
