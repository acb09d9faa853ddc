import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's security headers: the site's (the default), the framable player's, or none. */
    securityHeaders?: 'framable' | 'none';
  }
}

/** Cache-Control of every answer about a signed-in user or made with their key: no cache may keep it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * The security headers of every answer. Pages refuse to be framed by other sites (clickjacking). Scripts come
 * from this origin, and inline only those of the built pages, by hash (`scriptSources`).
 */
function securityHeaders(config: Config, scriptSources: string[] = []) {
  // Uploaded files may live on an S3-compatible store's public URL.
  const fileOrigins = config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptSources],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        mediaSrc: ["'self'", 'blob:', ...fileOrigins],
        frameSrc: [new URL(config.DEMO_VIDEO_URL).origin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.PUBLIC_ORIGIN.startsWith('https:') ? [] : null,
      },
    },
    // Audio and logos are fetched by other sites' players (embeds, previews).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  } satisfies HelmetOptions;
}

/**
 * The same, for the embeddable player only: any site may frame it (frame-ancestors *, and no
 * X-Frame-Options, which has no way to say "any"). Route options replace the global ones key by key,
 * hence the whole policy again.
 */
function framableSecurityHeaders(config: Config, scriptSources: string[] = []) {
  const base = securityHeaders(config, scriptSources);
  return {
    ...base,
    contentSecurityPolicy: { directives: { ...base.contentSecurityPolicy.directives, frameAncestors: ['*'] } },
    frameguard: false,
  } satisfies HelmetOptions;
}

/**
 * Sets the security headers on every answer, before any route runs. Helmet's middlewares are built once here:
 * @fastify/helmet builds one per request (the policy parsed and checked each time), which cost about 9% of the
 * server's CPU on a cached page.
 */
export const securityHeadersPlugin = fastifyPlugin(
  async (app: FastifyInstance, { config, scriptSources }: { config: Config; scriptSources: string[] }) => {
    const site = helmet(securityHeaders(config, scriptSources));
    const framable = helmet(framableSecurityHeaders(config, scriptSources));
    app.addHook('onRequest', (req, reply, done) => {
      const which = req.routeOptions.config.securityHeaders;
      if (which === 'none') return done();
      (which === 'framable' ? framable : site)(req.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers' },
);
