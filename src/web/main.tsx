import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: it hands React DOM's flushSync to the router, which navigate(..., { flushSync }) needs.
import { RouterProvider } from 'react-router/dom';
import { Toasts } from './components/ui/toast';
import { queryClient } from './lib/query-client';
import { router } from './router';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
// In a transition React renders the first screen in slices and yields to the browser between them,
// instead of one long task that blocks input while the page starts (Total Blocking Time).
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toasts />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
