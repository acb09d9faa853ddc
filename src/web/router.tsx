import { createBrowserRouter } from 'react-router';
import { RouteError } from './components/layout/RouteError';
import { AdPage } from './pages/public/AdPage';
import { DirectoryPage } from './pages/public/DirectoryPage';
import { HomePage } from './pages/public/HomePage';
import { NotFoundPage } from './pages/public/NotFoundPage';
import { PublicLayout } from './pages/public/PublicLayout';

/** A route whose code loads only when it is visited. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The route table of spec section 2, in one place. Home, directory and ad pages are in the main
 * bundle (first paint); every other page is its own chunk.
 */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/directory', element: <DirectoryPage /> },
          { path: '/ad/:slug', element: <AdPage /> },
          {
            path: '/saved',
            lazy: lazyPage(() => import('./pages/public/SavedPage').then((m) => ({ default: m.SavedPage }))),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
