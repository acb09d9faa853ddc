import type { ReactNode } from 'react';
import { referenceText } from '../../../shared/messages';
import { ApiError } from '../../lib/api';
import { RetryButton } from '../ui/button';

/** A failure of the server's own names its request ('reference: <id>'), for a report to quote; others nothing. */
export function ErrorReference({ error, className }: { error: unknown; className?: string }) {
  if (!(error instanceof ApiError) || !error.reference) return null;
  return <p className={className ?? 'mt-2 text-sm text-slate-700'}>{referenceText(error.reference)}</p>;
}

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
      <ErrorReference error={error} />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <RetryButton onRetry={onRetry} retrying={retrying} />
        {children}
      </div>
    </section>
  );
}
