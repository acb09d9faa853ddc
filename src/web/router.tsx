import { createBrowserRouter } from 'react-router';
import { AdPage } from './pages/public/AdPage';
import { HomePage } from './pages/public/HomePage';
import { NotFoundPage } from './pages/public/NotFoundPage';
import { PublicLayout } from './pages/public/PublicLayout';

/** The route table of spec section 2, in one place. */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/ad/:slug', element: <AdPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
