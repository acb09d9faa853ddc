import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from './config.js';

/** Cache-Control of every answer about a signed-in user or made with their key: no cache may keep it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * The security headers of every answer. Pages refuse to be framed by other sites (clickjacking). Scripts come
 * from this origin, and inline only those of the built pages, by hash (`scriptSources`).
 */
export function securityHeaders(config: Config, scriptSources: string[] = []) {
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
  } satisfies FastifyHelmetOptions;
}

/**
 * The same, for the embeddable player only: any site may frame it (frame-ancestors *, and no
 * X-Frame-Options, which has no way to say "any"). Route options replace the global ones key by key,
 * hence the whole policy again.
 */
export function framableSecurityHeaders(config: Config, scriptSources: string[] = []) {
  const base = securityHeaders(config, scriptSources);
  return {
    ...base,
    contentSecurityPolicy: { directives: { ...base.contentSecurityPolicy.directives, frameAncestors: ['*'] } },
    frameguard: false,
  } satisfies FastifyHelmetOptions;
}
