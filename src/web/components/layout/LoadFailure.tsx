import type { ReactNode } from 'react';
import { RetryButton } from '../ui/button';

/**
 * A page whose data could not be loaded (the service briefly away, no network): what, why, and Try Again,
 * with the page's other ways on beside it. Not a refusal: the thing asked for may well exist.
 */
export function LoadFailure({
  title,
  error,
  onRetry,
  retrying,
  children,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  retrying: boolean;
  children?: ReactNode;
}) {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-700">{error.message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <RetryButton onRetry={onRetry} retrying={retrying} />
        {children}
      </div>
    </section>
  );
}
