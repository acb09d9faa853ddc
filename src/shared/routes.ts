/**
 * The web app's route table as paths (router.tsx holds the same paths with their pages; a test keeps
 * the two in step). The server answers every other path with HTTP 404 and the app's not-found page.
 */
export const APP_ROUTES = [
  '/',
  '/directory',
  '/ad/:slug',
  '/station/:callSign',
  '/saved',
  '/advertisers',
  '/partners',
  '/about',
  '/about/measurement',
  '/contact',
  '/terms',
  '/demo',
  '/docs/integration',
  '/login',
  '/signup',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/dashboard',
  '/dashboard/ads',
  '/dashboard/ads/create',
  '/dashboard/ads/edit/:id',
  '/dashboard/ads/:id/airings',
  '/dashboard/stations',
  '/dashboard/analytics',
  '/dashboard/analytics/:adId',
  '/dashboard/subscription',
  '/dashboard/settings',
  '/admin',
  '/stats/:token',
] as const;

const MATCHERS = APP_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/$/, '')}/?$`),
);

/** Whether a path is a page of the web app (a trailing slash allowed). */
export const isAppRoute = (pathname: string) => MATCHERS.some((m) => m.test(pathname));
