// First: before any module builds a schema.
import './lib/zod-jitless';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
// From react-router/dom: it hands React DOM's flushSync to the router, which navigate(..., { flushSync }) needs.
import { RouterProvider } from 'react-router/dom';
import { Toasts } from './components/ui/toast';
import { QUERY_STATE_ID } from '../shared/page-data';
import { queryClient } from './lib/query-client';
import { HydrationMark, startHydrating } from './lib/use-hydrated';
import { showDisplayFace } from './lib/web-fonts';
import { clientRoutes } from './router';
import './styles.css';

/** The query cache the server rendered the page from (see entry-server.tsx), when it did. */
function serverState(): DehydratedState | undefined {
  const text = document.getElementById(QUERY_STATE_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as DehydratedState) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lazy pages this address shows, loaded before hydrating: otherwise the router would first render its
 * loading fallback over the server's page (a hydration mismatch and a flash).
 */
async function loadMatchedPages(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** A macrotask boundary: what follows runs in a task of its own, not in the one that evaluated the modules. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function start() {
  // Evaluating the modules is one long task already; the start's own work would lengthen it (blocking time).
  await nextTask();
  const element = document.getElementById('root')!;
  const routes = clientRoutes();
  const state = serverState();
  // The page came rendered: hydrate it, with the same data and the same pages as the server had.
  const rendered = state !== undefined && element.firstElementChild !== null;
  if (rendered) {
    // The server leaves out when it read the data (entry-server.tsx): it is as fresh as this page.
    for (const query of state.queries) query.dehydratedAt = query.state.dataUpdatedAt = performance.timeOrigin;
    hydrate(queryClient, state);
    await loadMatchedPages(routes);
  }
  // The router's creation reads sessionStorage (its first read waits on the browser process) and matches the
  // routes; React DOM's evaluation is mostly V8 compiling its one large CommonJS function; and hydrateRoot
  // attaches React's listeners. Each goes in a task of its own, so none adds to another's length. React DOM's
  // file is preloaded with the others (vite.config.ts, preloadStartImports).
  await nextTask();
  const router = createBrowserRouter(routes);
  showDisplayFace(router, rendered);
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toasts />
        <HydrationMark />
      </QueryClientProvider>
    </StrictMode>
  );
  // In a transition React renders the first screen in slices and yields to the browser between them,
  // instead of one long task that blocks input while the page starts (Total Blocking Time).
  if (rendered) startHydrating();
  startTransition(() => {
    if (rendered) hydrateRoot(element, app);
    else createRoot(element).render(app);
  });
}

void start();
