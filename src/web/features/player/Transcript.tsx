import { ChevronDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { PublicAd } from '../../../shared/ads';
import { formatClock, segmentAt } from '../../../shared/transcripts';
import { cn } from '../../lib/cn';

/**
 * The ad's transcript, collapsed under the player: a text alternative for the audio. Timed lines are
 * buttons that play from their time, and the line being spoken is marked and kept in view.
 */
export function Transcript({
  ad,
  time,
  onPlayFrom,
}: {
  ad: Pick<PublicAd, 'transcript' | 'transcriptSegments'>;
  time: number;
  onPlayFrom: (seconds: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const segments = ad.transcriptSegments ?? [];
  const current = segmentAt(segments, time);

  useEffect(() => {
    const list = listRef.current;
    const line = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !line || !list.offsetParent) return;
    // Scroll the list only, never the page.
    const top = line.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + line.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: top - list.clientHeight / 3, behavior: 'smooth' });
    }
  }, [current]);

  if (!ad.transcript) return null;
  return (
    <details className="group mt-4 rounded-lg border border-slate-200" data-testid="transcript">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-semibold hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        Transcript
        <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      {segments.length ? (
        <ol ref={listRef} className="max-h-72 overflow-y-auto border-t border-slate-200 p-2">
          {segments.map((s, i) => (
            <li key={i}>
              <button
                type="button"
                aria-current={i === current ? 'true' : undefined}
                onClick={() => onPlayFrom(s.start)}
                className={cn(
                  'flex w-full gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600',
                  i === current && 'bg-brand-50 font-medium text-brand-800',
                )}
              >
                <span className="w-10 shrink-0 tabular-nums text-slate-600">{formatClock(s.start)}</span>
                <span>{s.text}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <div className="whitespace-pre-line border-t border-slate-200 px-4 py-3 text-sm text-slate-800">
          {ad.transcript}
        </div>
      )}
    </details>
  );
}
