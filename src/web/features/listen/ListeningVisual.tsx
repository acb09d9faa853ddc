import { AudioLines } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '../../lib/cn';

const RING = 2 * Math.PI * 46; // circumference of the countdown ring (r = 46 in a 100 x 100 box)

/**
 * The listening screen's centre: the accent disc, a countdown ring around it, and (while the microphone
 * is on) rings that swell with the sound level.
 */
export function ListenDisc({
  icon,
  progress,
  levelRef,
  tone = 'accent',
}: {
  icon?: ReactNode;
  /** Share of the listening time left, 0..1; no ring when undefined. */
  progress?: number;
  /** Set by the level meter to the current level (a CSS variable, so React does not render each frame). */
  levelRef?: RefObject<HTMLDivElement | null>;
  tone?: 'accent' | 'muted' | 'danger';
}) {
  return (
    <div className="relative mx-auto grid h-44 w-44 place-items-center" aria-hidden>
      {levelRef && (
        <div
          ref={levelRef}
          className="absolute inset-5 rounded-full bg-brand-600/15 transition-transform duration-100 ease-out"
          style={{ transform: 'scale(calc(1 + var(--level, 0) * 0.45))' }}
        >
          <div className="absolute inset-0 animate-listen-pulse rounded-full bg-brand-600/25" />
          <div className="absolute inset-0 animate-listen-pulse rounded-full bg-brand-600/25 [animation-delay:1.2s]" />
        </div>
      )}
      {progress !== undefined && (
        <svg viewBox="0 0 100 100" className="absolute inset-0 -rotate-90">
          <circle cx="50" cy="50" r="46" fill="none" strokeWidth="2.5" className="stroke-slate-200" />
          <circle
            cx="50"
            cy="50"
            r="46"
            fill="none"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeDasharray={RING}
            strokeDashoffset={RING * (1 - progress)}
            className="stroke-brand-600 transition-[stroke-dashoffset] duration-1000 ease-linear"
          />
        </svg>
      )}
      <div
        className={cn(
          'relative grid h-28 w-28 place-items-center rounded-full shadow-md',
          tone === 'accent' && 'bg-gradient-to-br from-hero-from to-hero-to text-white',
          tone === 'muted' && 'bg-slate-100 text-slate-700',
          tone === 'danger' && 'bg-red-50 text-red-700',
        )}
      >
        {icon ?? <AudioLines className="h-12 w-12" strokeWidth={1.75} />}
      </div>
    </div>
  );
}

/** A rounded bar, or a square one where the canvas has no roundRect (Safari before 16, Firefox before 112). */
function bar(g: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) {
  g.beginPath();
  if (typeof g.roundRect === 'function') g.roundRect(x, y, w, h, Math.min(w, h) / 2);
  else g.rect(x, y, w, h);
  g.fill();
}

/** Bars 3 px wide with 2 px gaps, the waveform of the ad page's player, scrolling in as the sound arrives. */
const BAR = 3;
const GAP = 2;

/**
 * What the microphone hears, drawn from the analyser: a scrolling waveform of levels, or, for visitors
 * who ask for reduced motion, a still meter that only changes its fill a few times a second. It also
 * feeds the disc's level rings (levelRef), which stay still under reduced motion.
 */
export function LevelMeter({
  analyser,
  levelRef,
  reducedMotion,
}: {
  analyser: AnalyserNode;
  levelRef: RefObject<HTMLDivElement | null>;
  reducedMotion: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const g = canvas?.getContext('2d');
    if (!canvas || !g) return;
    const samples = new Float32Array(analyser.fftSize);
    const levels: number[] = [];
    const colour = getComputedStyle(canvas).color;
    const track = getComputedStyle(canvas).borderColor;
    let frame = 0;
    let last = 0;
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      if (reducedMotion && now - last < 250) return;
      last = now;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      // RMS in decibels, -60 dB (silence) to -10 dB (loud): a radio across the room moves the bars, and speech
      // rises and falls instead of filling them.
      const db = 10 * Math.log10(sum / samples.length + 1e-12);
      const level = Math.min(1, Math.max(0, (db + 60) / 50));
      const dpr = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (canvas.width !== Math.round(width * dpr)) {
        canvas.width = Math.round(width * dpr);
        canvas.height = Math.round(height * dpr);
      }
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      g.clearRect(0, 0, width, height);
      g.fillStyle = colour;
      if (reducedMotion) {
        g.fillStyle = track;
        bar(g, 0, height / 2 - 4, width, 8);
        g.fillStyle = colour;
        bar(g, 0, height / 2 - 4, Math.max(8, width * level), 8);
        return;
      }
      levelRef.current?.style.setProperty('--level', level.toFixed(3));
      const count = Math.floor((width + GAP) / (BAR + GAP));
      levels.push(level);
      if (levels.length > count) levels.splice(0, levels.length - count);
      // The whole width from the start: dots where nothing has been heard yet, older sound fading left.
      for (let i = 0; i < count; i++) {
        const l = levels[levels.length - count + i] ?? 0;
        const x = i * (BAR + GAP);
        const h = Math.max(BAR, l * height);
        g.globalAlpha = 0.3 + 0.7 * (i / Math.max(1, count - 1));
        bar(g, x, (height - h) / 2, BAR, h);
      }
      g.globalAlpha = 1;
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [analyser, levelRef, reducedMotion]);
  return <canvas ref={canvasRef} className="block h-12 w-full border-slate-200 text-brand-600" aria-hidden />;
}
