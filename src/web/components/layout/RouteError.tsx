import { useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { messages } from '../../../shared/messages';
import { ErrorReference } from './LoadFailure';
import { Button } from '../ui/button';

/** The error fallback of every route: 'Something went wrong', Try Again, Refresh Page, details. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [showDetails, setShowDetails] = useState(false);
  const detail = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{messages.somethingWentWrong}</h1>
      <p className="mt-2 text-slate-700">An unexpected error stopped this page. You can try again.</p>
      <ErrorReference error={error} />
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
      <button
        type="button"
        className="mt-6 text-sm text-slate-700 underline"
        aria-expanded={showDetails}
        onClick={() => setShowDetails((s) => !s)}
      >
        {showDetails ? 'Hide error details' : 'Show error details'}
      </button>
      {showDetails && (
        <pre className="mt-3 max-h-64 overflow-auto rounded-md bg-slate-100 p-3 text-left text-xs">{detail}</pre>
      )}
    </section>
  );
}

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Navigating to the same place renders the route afresh, clearing the error.
  return <ErrorFallback error={error} onRetry={() => navigate(pathname + search, { replace: true })} />;
}
