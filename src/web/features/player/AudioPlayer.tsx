import { Pause, Play } from 'lucide-react';
import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
} from 'react';
import type { PublicAd } from '../../../shared/ads';
import { WAVEFORM_BARS } from '../../../shared/limits';
import { cn } from '../../lib/cn';
import { formatSeconds } from '../../lib/format';
import { claimPlayback, releasePlayback } from './coordinator';
import { Waveform } from './Waveform';

const KEY_STEP = 5; // percent per arrow key
const round1 = (n: number) => Math.round(n * 10) / 10; // the slider's 0.1 percent steps

export interface AudioPlayerProps {
  ad: Pick<PublicAd, 'title' | 'audioUrl' | 'audioDurationMs' | 'waveformPeaks'>;
  /** Called each time audio actually starts after a press (CountedPlayer records the play here). */
  onPlayStarted?: () => void;
  size?: 'sm' | 'lg';
  /** Elapsed and total time under the waveform; off where the page shows the duration already. */
  showTime?: boolean;
  /** WebVTT captions, offered to the browser as the audio's captions track. */
  captionsUrl?: string;
  /** Follows playback (seconds), e.g. for a transcript that highlights the current line. */
  onTimeChange?: (seconds: number) => void;
  /** Lets others start playback at a time (a transcript line). */
  controlRef?: Ref<PlayerControl>;
}

export interface PlayerControl {
  playFrom(seconds: number): void;
}

/** The one player: play/pause, a seekable waveform slider, elapsed and total time. Ads use CountedPlayer. */
export function AudioPlayer({
  ad,
  onPlayStarted,
  size = 'lg',
  showTime = true,
  captionsUrl,
  onTimeChange,
  controlRef,
}: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [armed, setArmed] = useState(false); // preload="none" until the first press
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState((ad.audioDurationMs ?? 0) / 1000);
  const startedRef = useRef(false);
  const percent = duration > 0 ? round1(Math.min(100, (time / duration) * 100)) : 0;
  const peaks = ad.waveformPeaks?.length ? ad.waveformPeaks : Array<number>(WAVEFORM_BARS).fill(0.5);

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (audio) releasePlayback(audio);
    };
  }, []);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      setArmed(true);
      claimPlayback(audio);
      startedRef.current = false;
      void audio.play().catch((err: unknown) => console.debug('Playback did not start', err));
    } else {
      audio.pause();
    }
  };

  useImperativeHandle(controlRef, () => ({
    playFrom(seconds: number) {
      const audio = audioRef.current;
      if (!audio) return;
      audio.currentTime = seconds;
      setTime(seconds);
      if (audio.paused) toggle();
    },
  }));

  const seekTo = (pct: number) => {
    const audio = audioRef.current;
    if (!audio || duration <= 0) return;
    const next = round1(Math.max(0, Math.min(100, pct)));
    audio.currentTime = (next / 100) * duration;
    setTime(audio.currentTime);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: percent + KEY_STEP,
      ArrowUp: percent + KEY_STEP,
      ArrowLeft: percent - KEY_STEP,
      ArrowDown: percent - KEY_STEP,
      PageUp: percent + 10,
      PageDown: percent - 10,
      Home: 0,
      End: 100,
    };
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      toggle();
    } else if (e.key in moves) {
      e.preventDefault();
      seekTo(moves[e.key]!);
    }
  };

  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    if (e.type === 'pointermove' && e.buttons !== 1) return;
    const rect = e.currentTarget.getBoundingClientRect();
    seekTo(((e.clientX - rect.left) / rect.width) * 100);
  };

  const big = size === 'lg';
  return (
    <>
      {/* Without JavaScript (off, or failed to load) the browser's own player plays the ad instead. */}
      <noscript>
        <audio controls preload="none" src={ad.audioUrl} className="w-full" aria-label={`Play ${ad.title}`} />
      </noscript>
      <div className="flex items-center gap-3 noscript:hidden">
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? `Pause ${ad.title}` : `Play ${ad.title}`}
          className={cn(
            'flex shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-md shadow-brand-600/30 transition-transform hover:bg-accent-strong active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            big ? 'h-12 w-12' : 'h-9 w-9',
          )}
        >
          {playing ? <Pause className="h-5 w-5" aria-hidden /> : <Play className="ml-0.5 h-5 w-5" aria-hidden />}
        </button>
        <div className="min-w-0 flex-1">
          <div
            role="slider"
            tabIndex={0}
            aria-label={`Seek ${ad.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${formatSeconds(time)} of ${formatSeconds(duration)}`}
            onKeyDown={onKeyDown}
            onPointerDown={onPointer}
            onPointerMove={onPointer}
            className={cn(
              'flex cursor-pointer touch-none items-center rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              big ? 'h-12' : 'h-8',
            )}
          >
            <Waveform peaks={peaks} progress={percent / 100} bar={big ? 3 : 2} />
          </div>
          {showTime && (
            <div className="mt-1 flex justify-between text-xs tabular-nums text-slate-700">
              <span>{formatSeconds(time)}</span>
              <span>{formatSeconds(duration)}</span>
            </div>
          )}
        </div>
        <audio
          ref={audioRef}
          src={ad.audioUrl}
          preload={armed ? 'auto' : 'none'}
          onPlay={() => setPlaying(true)}
          onPlaying={() => {
            if (!startedRef.current) {
              startedRef.current = true;
              onPlayStarted?.();
            }
          }}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(e) => {
            setTime(e.currentTarget.currentTime);
            onTimeChange?.(e.currentTarget.currentTime);
          }}
          onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
          onEnded={(e) => {
            e.currentTarget.currentTime = 0; // back to paused at zero
            setTime(0);
            setPlaying(false);
          }}
        >
          {/* Added with the first press, like the audio itself: nothing loads before the listener asks. */}
          {captionsUrl && armed && <track kind="captions" src={captionsUrl} srcLang="en" label="English" default />}
        </audio>
      </div>
    </>
  );
}
