import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { FEATURED_HERO, FEATURED_HOME } from '../shared/limits';
import { adListQuery, adQuery, directoryQuery, relatedAdsQuery } from './features/ads/api/ads';
import { stationDayParams, stationDayQuery } from './features/stations/api/stations';
import type { ApiRead } from './lib/api';
import { RouteError } from './components/layout/RouteError';
import { RedirectSignedIn } from './features/auth/guards';
import { AdPage } from './pages/public/AdPage';
import { DirectoryPage, directoryFilters, directoryPages, directoryQueryParams } from './pages/public/DirectoryPage';
import { HomePage } from './pages/public/HomePage';
import { NotFoundPage } from './pages/public/NotFoundPage';
import { PublicLayout } from './pages/public/PublicLayout';

/** Shown while the first page's code loads, on the first visit to a lazy page. */
const loading = (
  <p className="mx-auto max-w-xl px-4 py-24 text-center text-slate-700" aria-busy="true">
    Loading...
  </p>
);

/** A route whose code loads only when it is visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** Sign-in pages send signed-in users to the dashboard. */
const guest = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const { default: Page } = await load();
  return {
    Component: () => (
      <RedirectSignedIn>
        <Page />
      </RedirectSignedIn>
    ),
  };
};

/** What a route's loader gets when the server renders the page (entry-server.tsx). */
export interface ServerLoadContext {
  queryClient: QueryClient;
  read: ApiRead;
}

/**
 * A public page's data, put in the query cache before the server renders it; the cache travels in the
 * page (dehydrated) so the first client render equals the server's. Loaders run on the server only: in
 * the browser the pages fetch through their hooks as before (clientRoutes drops the loaders).
 */
const prefetch =
  (load: (ctx: ServerLoadContext, args: LoaderFunctionArgs) => Promise<unknown>) =>
  async (args: LoaderFunctionArgs) => {
    await load(args.context as ServerLoadContext, args);
    return null;
  };

const loadHome = prefetch(({ queryClient, read }) =>
  Promise.all([
    queryClient.prefetchQuery(adListQuery({ featured: true, limit: FEATURED_HERO }, read)),
    queryClient.prefetchQuery(adListQuery({ featured: true, limit: FEATURED_HOME }, read)),
  ]),
);
const loadDirectory = prefetch(({ queryClient, read }, { request }) => {
  const { searchParams } = new URL(request.url);
  return queryClient.prefetchInfiniteQuery({
    ...directoryQuery(directoryQueryParams(directoryFilters(searchParams)), read),
    pages: directoryPages(searchParams),
  });
});
const loadAd = prefetch(({ queryClient, read }, { params }) =>
  Promise.all([
    queryClient.prefetchQuery(adQuery(params.slug!, read)),
    queryClient.prefetchQuery(relatedAdsQuery(params.slug!, read)),
  ]),
);

const loadStation = prefetch(({ queryClient, read }, { params, request }) => {
  const { date, hour } = stationDayParams(new URL(request.url).searchParams);
  return queryClient.prefetchQuery(stationDayQuery(params.callSign!, date, hour, read));
});

/** Pages the server never renders: they depend on who is signed in or on this browser's own storage. */
export const CLIENT_ONLY = { clientOnly: true } as const;
const clientOnly = { handle: CLIENT_ONLY };

/**
 * The route table of spec section 2, in one place. Home, directory and ad pages are in the main
 * bundle (first paint); every other page, and the whole dashboard, is a chunk of its own. The public
 * pages are rendered on the server too (docs/decisions/0047): a new one needs its entry here and, if it
 * shows data, a `prefetch` loader filling the same queries its components ask for.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: loading,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage />, loader: loadHome },
          { path: '/directory', element: <DirectoryPage />, loader: loadDirectory },
          { path: '/ad/:slug', element: <AdPage />, loader: loadAd },
          { path: '/station/:callSign', lazy: page(() => import('./pages/public/StationPage')), loader: loadStation },
          { path: '/saved', lazy: page(() => import('./pages/public/SavedPage')), ...clientOnly },
          { path: '/advertisers', lazy: page(() => import('./pages/public/AdvertisersPage')) },
          { path: '/partners', lazy: page(() => import('./pages/public/PartnersPage')) },
          { path: '/about', lazy: page(() => import('./pages/public/AboutPage')) },
          { path: '/about/measurement', lazy: page(() => import('./pages/public/MeasurementPage')) },
          { path: '/contact', lazy: page(() => import('./pages/public/ContactPage')) },
          { path: '/terms', lazy: page(() => import('./pages/public/TermsPage')) },
          { path: '/demo', lazy: page(() => import('./pages/public/DemoPage')) },
          { path: '/docs/integration', lazy: page(() => import('./pages/public/IntegrationDocsPage')) },
          { path: '/login', lazy: guest(() => import('./pages/auth/LoginPage')), ...clientOnly },
          { path: '/signup', lazy: guest(() => import('./pages/auth/SignupPage')), ...clientOnly },
          { path: '/register', lazy: guest(() => import('./pages/auth/SignupPage')), ...clientOnly },
          { path: '/forgot-password', lazy: page(() => import('./pages/auth/ForgotPasswordPage')), ...clientOnly },
          { path: '/reset-password', lazy: page(() => import('./pages/auth/ResetPasswordPage')), ...clientOnly },
          { path: '/verify-email', lazy: page(() => import('./pages/auth/VerifyEmailPage')), ...clientOnly },
          { path: '/admin', lazy: page(() => import('./pages/admin/AdminPage')), ...clientOnly },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  // A shared ad's figures: a frame of its own, neither the marketing site's nor the dashboard's.
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: loading,
    children: [{ path: '/stats/:token', lazy: page(() => import('./pages/public/SharedStatsPage')) }],
  },
  {
    path: '/dashboard',
    ...clientOnly,
    lazy: page(() => import('./pages/dashboard/DashboardLayout')),
    errorElement: <RouteError />,
    hydrateFallbackElement: loading,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('./pages/dashboard/DashboardHomePage')) },
          { path: 'ads', lazy: page(() => import('./pages/dashboard/ManageAdsPage')) },
          { path: 'ads/create', lazy: page(() => import('./pages/dashboard/CreateAdPage')) },
          { path: 'ads/edit/:id', lazy: page(() => import('./pages/dashboard/EditAdPage')) },
          { path: 'ads/:id/airings', lazy: page(() => import('./pages/dashboard/AdAiringsPage')) },
          { path: 'stations', lazy: page(() => import('./pages/dashboard/StationsPage')) },
          { path: 'analytics', lazy: page(() => import('./pages/dashboard/AnalyticsPage')) },
          { path: 'analytics/:adId', lazy: page(() => import('./pages/dashboard/AdAnalyticsPage')) },
          { path: 'subscription', lazy: page(() => import('./pages/dashboard/SubscriptionPage')) },
          { path: 'settings', lazy: page(() => import('./pages/dashboard/SettingsPage')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The table the browser's router runs: the same routes without the server's loaders. */
export function clientRoutes(list: RouteObject[] = routes): RouteObject[] {
  return list.map(
    ({ loader: _loader, children, ...route }) =>
      (children ? { ...route, children: clientRoutes(children) } : route) as RouteObject,
  );
}
