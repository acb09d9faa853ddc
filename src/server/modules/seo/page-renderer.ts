import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { EmbedData } from '../../../shared/embed.js';

/*
 * The web app's server entry (src/web/entry-server.tsx), as the server uses it. Built by `vite build --ssr`
 * into dist/ssr; imported at start, by its path, so the server's own bundle does not take in the web app.
 */

/** A page as entry-server.tsx renders it. */
export interface RenderedPage {
  status: number;
  html: string;
  state: unknown;
}

export interface PageRenderer {
  /** The page at this address (path and query), or null for pages the browser renders. */
  render(url: string, read: <T>(path: string) => Promise<T>): Promise<RenderedPage | null>;
  /** The embeddable player's HTML for this ad (or its notice). */
  renderEmbed(data: EmbedData): string;
  /** The settings the app reads from the page's meta tag (public origin...). */
  configure(config: Record<string, string>): void;
}

/** The renderer built at `file`, or null when the app has not been built with it (tests, API-only runs). */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}
