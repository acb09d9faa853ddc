import { adMessages } from '../../../shared/ads';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/** Spec section 8: the dashboard's ads could not be loaded. Try Again reloads the page. */
export function MyAdsLoadError({
  error,
  userId,
  className,
}: {
  error: Error | null;
  userId?: string;
  className?: string;
}) {
  return (
    <Card role="alert" className={cn('border-red-200 bg-red-50 p-6', className)}>
      <h2 className="font-semibold text-red-800">{adMessages.loadFailedTitle}</h2>
      <p className="mt-1 text-sm text-red-800">{adMessages.loadFailedText}</p>
      <p className="mt-1 text-sm text-red-800">{error?.message || adMessages.unknownError}</p>
      {!userId && <p className="mt-1 text-sm text-red-800">{adMessages.notAuthenticatedNote}</p>}
      <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </Card>
  );
}
