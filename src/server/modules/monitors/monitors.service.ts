import type { JobRunner } from '../../jobs/jobs.js';
import type { IdentifyService } from '../identify/identify.service.js';
import type { EmitWebhookEvent } from '../webhooks/webhooks.service.js';
import { runMonitor, type MonitorOptions } from './monitor.js';
import type { DetectedAiring, MonitorsRepository } from './monitors.repository.js';
import { createStreamReader } from './streams.js';

/** The held job of one station's monitor, and the job that makes sure every streamed station has one. */
export const MONITOR_QUEUE = 'station-monitor';
export const ENSURE_QUEUE = 'station-monitors-ensure';
/** How often a monitor looks whether its station's stream URL changed or was removed. */
const RECHECK_MS = 60_000;

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Stream monitors on the job runner (decision 0053). Each station with a stream URL has one held job, keyed
 * by the station: the queue's singleton policy lets one process run it at a time, that process's lease
 * keeps it, and when the process dies the lease runs out and another process takes it over (under 60 s
 * with the runner's defaults). A job per minute sends the missing ones (a new station, a stream URL added).
 */
export function createMonitors(deps: {
  repo: MonitorsRepository;
  jobs: JobRunner;
  matchWindow: IdentifyService['matchWindow'];
  /** Public answers changed (an airing, a station's status): the public cache is cleared in every process. */
  publicChanged: () => void;
  log: Log;
  /** Monitors this process runs at once. */
  concurrency: number;
  /** false: this process runs no monitor (another does); the queues are still declared. */
  enabled: boolean;
  userAgent: string;
  options?: MonitorOptions;
  /** Webhook events (airing.detected to the ad's and the station's owners); absent: none. */
  events?: EmitWebhookEvent;
}) {
  const { repo, jobs, log } = deps;
  const streams = createStreamReader({ userAgent: deps.userAgent });
  const lengths = new Map<string, number | null>();
  /** Hears every airing recorded (webhooks, tests). */
  const airingListeners = new Set<(airing: DetectedAiring & { id: string }) => void>();

  async function adSeconds(adId: string) {
    if (!lengths.has(adId)) {
      const found = await repo.adSeconds([adId]);
      lengths.set(adId, found.get(adId) ?? null);
    }
    return lengths.get(adId)!;
  }

  async function monitor(stationId: string, signal: AbortSignal) {
    const station = await repo.station(stationId);
    if (!station?.streamUrl) {
      if (station) await repo.markIdle(stationId);
      return;
    }
    const url = station.streamUrl;
    log.info({ stationId, callSign: station.callSign }, 'stream monitor: listening');
    // Stops when the process stops or loses the lease, or when the station's stream is no longer this one.
    const stop = new AbortController();
    const stopWith = () => stop.abort();
    signal.addEventListener('abort', stopWith, { once: true });
    const recheck = setInterval(() => {
      void repo.station(stationId).then(
        (now) => now?.streamUrl !== url && stop.abort(),
        () => undefined,
      );
    }, RECHECK_MS);
    try {
      await runMonitor(url, stop.signal, {
        streams,
        matchWindow: deps.matchWindow,
        adSeconds,
        async onAiring(airing) {
          const row = await repo.recordAiring({ stationId, ...airing }, async (tx, written, owners) => {
            for (const owner of owners) await deps.events?.(tx, owner, 'airing.detected', { airing: written });
          });
          if (!row) return;
          deps.publicChanged();
          for (const listener of airingListeners) listener(row);
        },
        async onLive(at) {
          if (await repo.markLive(stationId, at)) deps.publicChanged();
        },
        async onOffline(since) {
          if (await repo.markOffline(stationId, since)) deps.publicChanged();
        },
        log,
        options: deps.options,
      });
    } finally {
      clearInterval(recheck);
      signal.removeEventListener('abort', stopWith);
    }
    log.info({ stationId, callSign: station.callSign }, 'stream monitor: stopped');
    // The stream changed or went: the next ensure starts the station's new monitor, if it has a stream.
    if (!signal.aborted && !(await repo.station(stationId))?.streamUrl) await repo.markIdle(stationId);
  }

  const monitors = jobs.define<{ stationId: string }>(MONITOR_QUEUE, {
    handler: (job) => monitor(job.data.stationId, job.signal),
    concurrency: deps.enabled ? deps.concurrency : 0,
    policy: 'singleton',
    timeoutSeconds: null,
    held: true,
    retries: 1_000_000,
    retryDelaySeconds: 1,
    backoff: false,
  });

  /** Sends a monitor job for each streamed station that has none waiting or running. */
  async function ensure() {
    const [stations, underWay] = await Promise.all([repo.streamedStations(), jobs.keysUnderWay(MONITOR_QUEUE)]);
    let sent = 0;
    for (const { id } of stations) {
      if (underWay.has(id)) continue;
      if (await monitors.send({ stationId: id }, { key: id })) sent++;
    }
    return sent;
  }
  const ensurer = jobs.define(ENSURE_QUEUE, { handler: async () => void (await ensure()), retries: 1 });

  return {
    ensure,
    /** Schedules the ensure job each minute, and runs it once now (after the runner started). */
    async start() {
      await jobs.schedule(ENSURE_QUEUE, '* * * * *', { tz: 'UTC' });
      await ensurer.send({});
    },
    /** Hears every detected airing once written; returns a function that stops listening. */
    onAiring(listener: (airing: DetectedAiring & { id: string }) => void) {
      airingListeners.add(listener);
      return () => void airingListeners.delete(listener);
    },
    /** Ends the stream thread and its ffmpeg processes (after the runner stopped the monitors). */
    close: () => streams.close(),
  };
}
export type Monitors = ReturnType<typeof createMonitors>;
