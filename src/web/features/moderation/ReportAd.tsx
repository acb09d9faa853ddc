import { Flag } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { cn } from '../../lib/cn';

// The dialog and its form load with the first press: no listener pays for them on the way to the player
// (the embed's own code stays as small as it was).
const ReportDialog = lazy(() => import('./ReportDialog'));

/**
 * 'Report this ad': opens a dialog where a listener picks a reason (one press sends it); no sign-in. The
 * page styles the trigger: a ghost button on the ad page, a link-like button in the embed (`fullFrame`).
 */
export function ReportAd({ slug, className, fullFrame }: { slug: string; className: string; fullFrame?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      {/* Its dialog needs script: without it the button is not offered. */}
      <button
        type="button"
        className={cn(className, 'noscript:hidden')}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <Flag className="h-4 w-4" aria-hidden /> Report this ad
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog slug={slug} onClose={close} fullFrame={fullFrame} />
        </Suspense>
      )}
    </>
  );
}
