import { useEffect, useState } from 'react';
import type { IdentifyCandidate } from '../../../shared/identify';
import { IDENTIFY_MAX_LANDMARKS } from '../../../shared/limits';
import { ApiError } from '../../lib/api';
import { takeAudioContext } from './audio-context';
import { CaptureError, startCapture, type Capture, type CaptureFailure } from './capture';
import { useIdentify } from './api/identify';
import { createLandmarkCollector } from './landmark-collector';

/** How long a session listens before it says there is no match. */
export const LISTEN_SECONDS = 12;
/** How often the landmarks heard so far are looked up: six look-ups in a session at most. */
export const LOOKUP_EVERY_SECONDS = 2;

export type ListenFailure = CaptureFailure | 'rate-limited' | 'network' | 'error';

export type ListenState =
  | { phase: 'starting' }
  | { phase: 'listening'; secondsLeft: number }
  | { phase: 'matched'; match: IdentifyCandidate }
  | { phase: 'no-match'; heardNothing: boolean }
  | { phase: 'failed'; reason: ListenFailure; retryAfter?: number };

/** Resolves after ms, or rejects at once when the session is stopped. */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, Math.max(0, ms));
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

function failureOfLookup(err: unknown): { reason: ListenFailure; retryAfter?: number } {
  if (err instanceof ApiError) {
    if (err.is('RATE_LIMITED')) return { reason: 'rate-limited', retryAfter: err.retryAfter };
    if (err.status === 0) return { reason: 'network' };
  }
  return { reason: 'error' };
}

/**
 * One listening session per `attempt`: opens the microphone, fingerprints what it hears as it arrives,
 * looks the landmarks up every LOOKUP_EVERY_SECONDS, and ends at the first match or after LISTEN_SECONDS.
 * The microphone is released as soon as the session ends, and whenever the component goes away.
 */
export function useListening(attempt: number) {
  const [state, setState] = useState<ListenState>({ phase: 'starting' });
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const { mutateAsync: lookup } = useIdentify();

  useEffect(() => {
    const session = new AbortController();
    const { signal } = session;
    let capture: Capture | undefined;
    let ticker: ReturnType<typeof setInterval> | undefined;
    const release = () => {
      clearInterval(ticker);
      capture?.stop();
      setAnalyser(null);
    };
    setState({ phase: 'starting' });

    void (async () => {
      const ctx = takeAudioContext();
      if (!ctx) return setState({ phase: 'failed', reason: 'unsupported' });
      const collector = createLandmarkCollector(ctx.sampleRate, IDENTIFY_MAX_LANDMARKS);
      try {
        capture = await startCapture(ctx, collector.push);
      } catch (err) {
        if (!signal.aborted)
          setState({ phase: 'failed', reason: err instanceof CaptureError ? err.reason : 'unsupported' });
        return;
      }
      if (signal.aborted) return capture.stop();
      setAnalyser(capture.analyser);
      const started = performance.now();
      const secondsLeft = () => Math.max(0, Math.ceil(LISTEN_SECONDS - (performance.now() - started) / 1000));
      setState({ phase: 'listening', secondsLeft: LISTEN_SECONDS });
      ticker = setInterval(() => {
        const left = secondsLeft();
        setState((s) => (s.phase === 'listening' && s.secondsLeft !== left ? { ...s, secondsLeft: left } : s));
      }, 200);

      let sent = 0;
      const rounds = LISTEN_SECONDS / LOOKUP_EVERY_SECONDS;
      for (let round = 1; round <= rounds; round++) {
        await wait(started + round * LOOKUP_EVERY_SECONDS * 1000 - performance.now(), signal);
        if (round === rounds) {
          release(); // all heard: the microphone goes off while the last look-up runs
          collector.finish();
          setState((s) => (s.phase === 'listening' ? { ...s, secondsLeft: 0 } : s));
        }
        if (collector.count === sent) continue; // nothing new since the last look-up
        sent = collector.count;
        const { match } = await lookup({ landmarks: collector.batch(), signal });
        if (signal.aborted) return;
        if (match) {
          release();
          return setState({ phase: 'matched', match });
        }
      }
      setState({ phase: 'no-match', heardNothing: collector.peak < SILENCE });
    })().catch((err: unknown) => {
      release();
      if (!signal.aborted) setState({ phase: 'failed', ...failureOfLookup(err) });
    });

    return () => {
      session.abort();
      release();
    };
  }, [attempt, lookup]);

  return { state, analyser };
}

/** The loudest sample of a session below which the microphone heard nothing at all (muted, or no input). */
const SILENCE = 1e-3;
