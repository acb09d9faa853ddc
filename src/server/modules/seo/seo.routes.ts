import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { INDEXED_PAGES } from '../../../shared/page-meta.js';
import type { Config } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import type { AdsRepository } from '../ads/ads.repository.js';
import type { AdsService } from '../ads/ads.service.js';
import { adHead, clientConfigOf, escapeHtml, pageHead, readPageTemplate, renderHead, type HeadTags } from './head.js';

const AD_PATH = /^\/ad\/([^/]+)\/?$/;

/**
 * Serves the built web app. Every page's HTML carries its own title, description, canonical URL,
 * share-preview tags and, for ads, JSON-LD, so previews and search engines need no JavaScript.
 */
export async function seoRoutes(
  app: FastifyInstance,
  opts: { webDir: string; config: Config; ads: AdsService; adsRepo: AdsRepository },
) {
  const { config, ads, adsRepo } = opts;
  const origin = config.PUBLIC_ORIGIN;
  const clientConfig = clientConfigOf(config);

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_req, reply) => {
    const urls = [
      ...INDEXED_PAGES.map((path) => ({ loc: `${origin}${path}`, lastmod: undefined as string | undefined })),
      ...(await adsRepo.listVisibleSlugs()).map((a) => ({
        loc: `${origin}/ad/${encodeURIComponent(a.slug)}`,
        lastmod: a.updatedAt.toISOString().slice(0, 10),
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

  const page = await readPageTemplate(path.join(opts.webDir, 'index.html'));
  if (!page) {
    // API-only (tests, or the web app not built yet): unknown routes are plain JSON 404s.
    app.setNotFoundHandler((req) => {
      throw new NotFoundError(`Route ${req.method} ${req.url.split('?')[0]} not found`);
    });
    return;
  }
  const html = (reply: FastifyReply, tags: HeadTags, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(page.render(renderHead(tags, clientConfig)));

  await app.register(fastifyStatic, {
    root: opts.webDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // Vite puts content hashes in asset names.
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (req.method !== 'GET' || pathname.startsWith('/api/') || pathname.startsWith('/media/')) {
      throw new NotFoundError(`Route ${req.method} ${pathname} not found`);
    }
    const adMatch = AD_PATH.exec(pathname);
    if (adMatch) {
      try {
        return html(reply, adHead(await ads.getBySlug(decodeURIComponent(adMatch[1]!)), origin));
      } catch (err) {
        if (!(err instanceof NotFoundError || err instanceof URIError)) throw err;
        const missing = { ...pageHead('/', origin), title: 'Ad Not Found | AdReplay', robots: 'noindex' };
        return html(reply, missing, 404);
      }
    }
    return html(reply, pageHead(pathname, origin));
  });
}
