import { useEffect, useRef, useState } from 'react';

const GAP = 2; // px between bars, at every width

/** Peaks stretched or squeezed to `count` bars (linear interpolation between the stored peaks). */
export function resamplePeaks(peaks: readonly number[], count: number): number[] {
  if (peaks.length === 0 || count <= 0) return [];
  if (peaks.length === 1 || count === 1) return Array<number>(count).fill(peaks[0]!);
  return Array.from({ length: count }, (_, i) => {
    const pos = (i * (peaks.length - 1)) / (count - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(peaks.length - 1, lo + 1);
    return peaks[lo]! + (peaks[hi]! - peaks[lo]!) * (pos - lo);
  });
}

/** How many bars of `bar` px with GAP px between fit in `width` px. */
export const barsFor = (width: number, bar: number) => Math.max(8, Math.floor((width + GAP) / (bar + GAP)));

/** One SVG path of vertical bars: `from`..`to` of `bars`, centred on the middle line of a 100-high box. */
function barsPath(bars: number[], from: number, to: number, width: number, bar: number) {
  const step = bars.length > 1 ? (width - bar) / (bars.length - 1) : 0;
  let d = '';
  for (let i = from; i < to; i++) {
    const half = Math.max(5, bars[i]! * 50) - 0.01;
    d += `M${(bar / 2 + i * step).toFixed(1)} ${(50 - half).toFixed(1)}V${(50 + half).toFixed(1)}`;
  }
  return d;
}

/**
 * Thin bars with gaps, however wide the player: the bar count follows the width instead of the
 * bars growing fat. Bars before `progress` (0..1) are drawn in the accent colour. Two paths, not one
 * element a bar, so a page of cards stays light.
 */
export function Waveform({ peaks, progress, bar = 3 }: { peaks: readonly number[]; progress: number; bar?: 2 | 3 }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The observer reports the first size after the browser's own next layout. Reading clientWidth here
    // would force one in the middle of hydration (a page of cards laid out again in one long task), and its
    // state update would re-render every card's waveform synchronously.
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const bars = width > 0 ? resamplePeaks(peaks, barsFor(width, bar)) : [];
  const played = Math.floor(progress * bars.length);
  // The box is as wide in units as on screen, so bars keep their pixel width; the strokes do not
  // stretch with the height (non-scaling-stroke).
  const stroke = { strokeWidth: bar, strokeLinecap: 'round', vectorEffect: 'non-scaling-stroke' } as const;
  return (
    <div ref={ref} aria-hidden className="h-full w-full">
      {width > 0 && (
        <svg width="100%" height="100%" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="block">
          <path d={barsPath(bars, 0, played, width, bar)} className="stroke-brand-600" {...stroke} />
          <path d={barsPath(bars, played, bars.length, width, bar)} className="stroke-slate-300" {...stroke} />
        </svg>
      )}
    </div>
  );
}
