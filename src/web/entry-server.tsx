import { Writable } from 'node:stream';
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { EmbedData } from '../shared/embed';
import { Toasts } from './components/ui/toast';
import { EmbedApp } from './embed-app';
import type { ApiRead } from './lib/api';
import { configureApp, type AppConfig } from './lib/app-config';
import { CLIENT_ONLY, routes, type ServerLoadContext } from './router';

/*
 * The server's entry of the web app (built by `vite build --ssr`, loaded by the server's seo module): renders
 * a public page with react-router's static handler and React's streaming renderer. The client (main.tsx)
 * hydrates it with the same routes and the same query cache.
 */

export interface RenderedPage {
  /** 200, or 404 when the address matched no page (the app's not-found page). */
  status: number;
  /** What goes inside <div id="root">. */
  html: string;
  /** The query cache the page was rendered from, for the client to hydrate. */
  state: DehydratedState;
}

/** A render that takes longer than this (a query that hangs) is abandoned; the page then loads as before. */
const RENDER_TIMEOUT_MS = 5_000;

const handler = createStaticHandler(routes);

/**
 * The cache without the moments it was read: with them every render of an unchanged page would differ, and
 * so would its ETag (no 304 once the public cache renders it again). The browser dates the data by the page's
 * own load instead (main.tsx), as fresh as the page it came in.
 */
function timeless(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0 } })),
  };
}

export function configure(config: Partial<AppConfig>) {
  configureApp(config);
}

/**
 * The page at `url` (path and query), or null when the server does not render it: pages that depend on who
 * is signed in or on the browser (CLIENT_ONLY), and redirects.
 */
export async function render(url: string, read: ApiRead): Promise<RenderedPage | null> {
  const request = new Request(new URL(url, 'http://localhost'));
  const matches = matchRoutes(routes, new URL(request.url).pathname) ?? [];
  if (matches.some((m) => (m.route.handle as typeof CLIENT_ONLY | undefined)?.clientOnly)) return null;

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const requestContext: ServerLoadContext = { queryClient, read };
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* hydrate={false}: no inline script (the CSP forbids them); the client's routes have no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Toasts />
      </QueryClientProvider>
    </StrictMode>
  );
  const html = await new Promise<string>((resolve, reject) => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(out);
        done();
      },
    });
    // The whole page is awaited (onAllReady), not streamed as it comes: it is kept in the public cache with
    // its ETag, like every public answer; Suspense boundaries (lazy parts) are resolved on the server.
    const stream = renderToPipeableStream(app, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
    });
    const timer = setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS);
  });
  const notFound = context.matches.some((m) => m.route.path === '*');
  return { status: notFound ? 404 : context.statusCode, html, state: timeless(dehydrate(queryClient)) };
}

/** The embeddable player's HTML for this ad (or its notice): small and synchronous, so rendered as a string. */
export function renderEmbed(data: EmbedData): string {
  return renderToString(<EmbedApp {...data} />);
}
