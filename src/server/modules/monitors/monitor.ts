import { FINGERPRINT_SAMPLE_RATE, FRAME_SECONDS, type Landmark } from '../../../shared/fingerprint/index.js';
import { MAX_DT, PEAK_FRAMES } from '../../../shared/fingerprint/params.js';
import { createAiringAssembler, type AssembledAiring, type AssemblyOptions } from './airing-assembly.js';
import type { WindowMatch } from '../identify/identify.service.js';
import type { StreamReader } from './streams.js';

/** What a monitor needs besides the stream: the index, the ads' lengths, and where airings and status go. */
export interface MonitorDeps {
  streams: StreamReader;
  /** The ad a window's landmarks (t from the window's start) match, or null (IdentifyService.matchWindow). */
  matchWindow(query: Landmark[]): Promise<WindowMatch | null>;
  /** An ad's length in seconds, null when unknown. */
  adSeconds(adId: string): Promise<number | null>;
  /** A spot was heard: `startedAt` is when the ad began on air, `streamSeconds` where on this connection's stream. */
  onAiring(airing: {
    adId: string;
    startedAt: Date;
    streamSeconds: number;
    heardMs: number;
    partial: boolean;
    confidence: number;
  }): Promise<void>;
  /** The stream is heard (at `at`; called on the first audio, then every HEARTBEAT_MS), or not since `since`. */
  onLive(at: Date): Promise<void>;
  onOffline(since: Date): Promise<void>;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  options?: MonitorOptions;
}

export interface MonitorOptions {
  /** Seconds of stream each lookup matches, and between the starts of two windows. */
  windowSeconds?: number;
  hopSeconds?: number;
  /** First wait before reconnecting (doubled each failure, with jitter), and the longest. */
  retryMs?: number;
  maxRetryMs?: number;
  assembly?: AssemblyOptions;
}

/**
 * 8 s windows every 4 s. Matching a window is nearly all a monitor's CPU: windows every 4 s let a core watch
 * twice the stations that windows every 2 s do, and keep recall, start and delay; the heard length comes
 * from the last landmark each window aligns on the ad, so it does not depend on the hop (bench/README.md,
 * stream monitors).
 */
export const MONITOR_DEFAULTS = { windowSeconds: 8, hopSeconds: 4, retryMs: 1_000, maxRetryMs: 60_000 };
/** How often a live stream's last_heard_at is written. */
const HEARTBEAT_MS = 15_000;
/** A connection heard this long resets the reconnection delay. */
const STEADY_MS = 30_000;
/**
 * A landmark at frame t is told once its later peak is confirmed: up to MAX_DT + PEAK_FRAMES frames later.
 * A window is matched once the stream has gone that far past its end, so it holds all its landmarks.
 */
const SETTLE_SECONDS = (MAX_DT + PEAK_FRAMES + 2) * FRAME_SECONDS;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

/**
 * Watches one stream until `signal` aborts: reads it (reconnecting with exponential backoff), matches
 * sliding windows against the index in order, one at a time, and reports each spot once, as the airing
 * assembly closes it. When the stream drops, the spots under way end with it (heard in part); when the
 * signal aborts they are dropped untold, for the process that takes the stream over hears them again.
 */
export async function runMonitor(url: string, signal: AbortSignal, deps: MonitorDeps): Promise<void> {
  const o = { ...MONITOR_DEFAULTS, ...deps.options };
  let delay = o.retryMs;
  while (!signal.aborted) {
    const began = Date.now();
    const { heard, error } = await listen(url, signal, deps, o);
    if (signal.aborted) break;
    deps.log.warn({ url, error }, 'stream monitor: the stream ended; reconnecting');
    await deps.onOffline(new Date(heard ? Date.now() : began));
    if (heard && Date.now() - began >= STEADY_MS) delay = o.retryMs;
    await sleep(delay * (0.75 + Math.random() / 2), signal);
    delay = Math.min(delay * 2, o.maxRetryMs);
  }
}

/** One connection, until it ends or `signal` aborts. */
async function listen(
  url: string,
  signal: AbortSignal,
  deps: MonitorDeps,
  o: typeof MONITOR_DEFAULTS & MonitorOptions,
): Promise<{ heard: boolean; error: string | null }> {
  const assembler = createAiringAssembler(o.assembly);
  const windowFrames = Math.round(o.windowSeconds / FRAME_SECONDS);
  /** Landmarks not yet behind every window to come. */
  let pending: Landmark[] = [];
  let nextWindow = 0; // seconds
  let samples = 0;
  /**
   * Wall-clock ms of the stream's second 0. No sample arrives before it went out, so every batch bounds it from
   * above (arrival minus position) and the tightest bound is the best: a thread that stalls only loosens later
   * bounds, it never moves the airings' times.
   */
  let epoch = Infinity;
  let heard = false;
  let lastBeat = 0;
  /** The windows and writes, strictly in stream order. */
  let chain = Promise.resolve();
  const failed = (err: unknown) => deps.log.warn({ err, url }, 'stream monitor: a window was not matched');

  const tell = async (airings: AssembledAiring[]) => {
    for (const a of airings) {
      await deps.onAiring({
        adId: a.adId,
        startedAt: new Date(Math.round(epoch + a.start * 1000)),
        streamSeconds: a.start,
        heardMs: a.heardSeconds * 1000,
        partial: a.partial,
        confidence: Math.round(a.confidence * 1000) / 1000,
      });
    }
  };

  const matchWindow = async (start: number, query: Landmark[]) => {
    const found = await deps.matchWindow(query);
    const match = found && {
      adId: found.adId,
      offset: found.offsetSeconds,
      heardUntil: found.heardUntilSeconds,
      confidence: found.confidence,
      adSeconds: await deps.adSeconds(found.adId),
    };
    await tell(assembler.push({ start, end: start + o.windowSeconds, match }));
  };

  const result = await new Promise<{ error: string | null }>((resolve) => {
    const close = deps.streams.open(url, {
      onAudio(batch) {
        samples = batch.samples;
        epoch = Math.min(epoch, batch.receivedAt - (samples / FINGERPRINT_SAMPLE_RATE) * 1000);
        for (let i = 0; i < batch.hashes.length; i++) pending.push({ hash: batch.hashes[i]!, t: batch.frames[i]! });
        if (samples > 0 && (!heard || batch.receivedAt - lastBeat >= HEARTBEAT_MS)) {
          heard = true;
          lastBeat = batch.receivedAt;
          chain = chain.then(() => deps.onLive(new Date(batch.receivedAt))).catch(failed);
        }
        const streamSeconds = samples / FINGERPRINT_SAMPLE_RATE;
        while (nextWindow + o.windowSeconds + SETTLE_SECONDS <= streamSeconds) {
          const start = nextWindow;
          const from = Math.round(start / FRAME_SECONDS);
          const query = pending
            .filter((l) => l.t >= from && l.t < from + windowFrames)
            .map((l) => ({ hash: l.hash, t: l.t - from }));
          chain = chain.then(() => matchWindow(start, query)).catch(failed);
          nextWindow += o.hopSeconds;
          const keepFrom = Math.round(nextWindow / FRAME_SECONDS);
          pending = pending.filter((l) => l.t >= keepFrom);
        }
      },
      onEnded(error) {
        signal.removeEventListener('abort', close);
        resolve({ error });
      },
    });
    if (signal.aborted) close();
    else signal.addEventListener('abort', close, { once: true });
  });
  await chain;
  // The stream dropped: what was heard of the spots under way is what went out as far as anyone knows.
  if (!signal.aborted) await tell(assembler.flush()).catch(failed);
  return { heard, error: result.error };
}
