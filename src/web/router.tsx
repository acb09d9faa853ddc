import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouteError } from './components/layout/RouteError';
import { RedirectSignedIn } from './features/auth/guards';
import { AdPage } from './pages/public/AdPage';
import { DirectoryPage } from './pages/public/DirectoryPage';
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

/**
 * The route table of spec section 2, in one place. Home, directory and ad pages are in the main
 * bundle (first paint); every other page, and the whole dashboard, is a chunk of its own.
 */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: loading,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/directory', element: <DirectoryPage /> },
          { path: '/ad/:slug', element: <AdPage /> },
          { path: '/station/:callSign', lazy: page(() => import('./pages/public/StationPage')) },
          { path: '/saved', lazy: page(() => import('./pages/public/SavedPage')) },
          { path: '/advertisers', lazy: page(() => import('./pages/public/AdvertisersPage')) },
          { path: '/partners', lazy: page(() => import('./pages/public/PartnersPage')) },
          { path: '/about', lazy: page(() => import('./pages/public/AboutPage')) },
          { path: '/about/measurement', lazy: page(() => import('./pages/public/MeasurementPage')) },
          { path: '/contact', lazy: page(() => import('./pages/public/ContactPage')) },
          { path: '/terms', lazy: page(() => import('./pages/public/TermsPage')) },
          { path: '/demo', lazy: page(() => import('./pages/public/DemoPage')) },
          { path: '/docs/integration', lazy: page(() => import('./pages/public/IntegrationDocsPage')) },
          { path: '/login', lazy: guest(() => import('./pages/auth/LoginPage')) },
          { path: '/signup', lazy: guest(() => import('./pages/auth/SignupPage')) },
          { path: '/register', lazy: guest(() => import('./pages/auth/SignupPage')) },
          { path: '/forgot-password', lazy: page(() => import('./pages/auth/ForgotPasswordPage')) },
          { path: '/reset-password', lazy: page(() => import('./pages/auth/ResetPasswordPage')) },
          { path: '/verify-email', lazy: page(() => import('./pages/auth/VerifyEmailPage')) },
          { path: '/admin', lazy: page(() => import('./pages/admin/AdminPage')) },
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
]);
