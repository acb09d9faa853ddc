/**
 * A referring site's host as an event source: lowercase DNS labels with at least one dot. Free of zod
 * (like limits.ts), so the public pages can check a referrer without loading the schemas.
 */
export const SOURCE_HOST = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/;
export const isSourceHost = (host: string) => SOURCE_HOST.test(host);
