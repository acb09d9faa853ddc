import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonStyle } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

// The form loads with the first press: no listener pays for it on the way to the player.
const ReportForm = lazy(() => import('./ReportForm'));

/** 'Report this ad': a dialog where a listener picks a reason (one press sends it); no sign-in. */
export function ReportAd({ slug, size = 'sm' }: { slug: string; size?: ButtonStyle['size'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size={size} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Flag className="h-4 w-4" aria-hidden /> Report this ad
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Report this ad">
        <Suspense fallback={<p className="p-5 text-sm text-slate-700">Loading...</p>}>
          <ReportForm slug={slug} onDone={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}
