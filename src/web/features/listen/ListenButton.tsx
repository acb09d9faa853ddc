import { AudioLines } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { prepareAudioContext, releasePreparedAudioContext } from './audio-context';

// Everything but the button (the dialog, the capture and the fingerprint code) loads on first use.
const loadDialog = () => import('./ListenDialog');
const ListenDialog = lazy(loadDialog);

/** Starts loading the dialog's code when the pointer or the keyboard comes to the button. */
const prefetch = () => void loadDialog();

/**
 * The Listen button: in the header (`bar`: with its word, beside the phone menu; `search`: an icon at the end
 * of the wide screens' search box) and, as a larger call to action, on the home page (`hero`) and the
 * directory (`callout`): 'Heard it on air?'. `search` draws the search box the dialog offers when nothing
 * matched. The dialog belongs to the page it was opened on: any navigation (a match opening its ad) closes
 * it, and with it the microphone.
 */
export function ListenButton({
  variant,
  search,
  className,
}: {
  variant: 'bar' | 'search' | 'hero' | 'callout';
  search: (onDone: () => void) => ReactNode;
  className?: string;
}) {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const close = useCallback(() => {
    releasePreparedAudioContext();
    setOpenOn(null);
  }, []);
  useEffect(() => releasePreparedAudioContext, []);
  const start = () => {
    prepareAudioContext(); // in the click: Safari starts audio only in a user gesture
    setOpenOn(key);
  };
  const common = {
    type: 'button' as const,
    onClick: start,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    'aria-haspopup': 'dialog' as const,
  };
  return (
    <>
      {variant === 'search' ? (
        <button
          {...common}
          aria-label="Listen for an ad"
          title="Heard it on air? Listen for the ad"
          className={cn(
            'grid h-7 w-7 place-items-center rounded-full text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600',
            className,
          )}
        >
          <AudioLines className="h-4 w-4" aria-hidden />
        </button>
      ) : variant === 'bar' ? (
        <button
          {...common}
          aria-label="Listen for an ad"
          className={buttonClass({ variant: 'secondary', size: 'sm' }, cn('h-9 rounded-full px-3', className))}
        >
          <AudioLines className="h-4 w-4 text-brand-700" aria-hidden />
          Listen
        </button>
      ) : (
        <button
          {...common}
          className={cn(
            'group inline-flex items-center gap-3 rounded-full py-2 pl-2 pr-5 text-left font-medium focus-visible:outline-2 focus-visible:outline-offset-2',
            variant === 'hero'
              ? 'bg-white/10 text-white ring-1 ring-inset ring-white/40 hover:bg-white/20 focus-visible:outline-white'
              : 'bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-100 focus-visible:outline-brand-600',
            className,
          )}
        >
          <span
            className={cn(
              'grid h-10 w-10 shrink-0 place-items-center rounded-full',
              variant === 'hero' ? 'bg-white text-accent-strong' : 'bg-brand-600 text-white',
            )}
            aria-hidden
          >
            <AudioLines className="h-5 w-5" />
          </span>
          <span className="leading-tight">
            <span className="block font-semibold">Heard it on air?</span>
            <span className={cn('block text-sm font-normal', variant === 'hero' ? 'text-white/85' : 'text-brand-800')}>
              Listen to find the ad
            </span>
          </span>
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ListenDialog onClose={close} search={search} />
        </Suspense>
      )}
    </>
  );
}
