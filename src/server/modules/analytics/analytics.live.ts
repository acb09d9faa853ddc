import type { AnalyticsRepository } from './analytics.repository.js';

type Send = (total: number) => void;

/**
 * Live counters for open dashboards. Each process polls the database (not its own memory), so a
 * listener counted by any process shows up on a dashboard served by any other; one query per
 * watched owner per tick, however many tabs they have open.
 */
export function createLiveCounters({ repo, intervalMs = 2_000 }: { repo: AnalyticsRepository; intervalMs?: number }) {
  const watchers = new Map<string, { sends: Set<Send>; last: number }>();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      for (const [userId, w] of watchers) {
        const total = await repo.totalForOwner(userId);
        if (total !== w.last) {
          w.last = total;
          for (const send of w.sends) send(total);
        }
      }
    } catch {
      // The next tick tries again; a dashboard just updates a little later.
    } finally {
      polling = false;
    }
  }

  return {
    /** Sends the owner's current total now and again whenever it changes; returns the unsubscribe. */
    async watch(userId: string, send: Send): Promise<() => void> {
      const total = await repo.totalForOwner(userId);
      const w = watchers.get(userId) ?? { sends: new Set<Send>(), last: total };
      watchers.set(userId, w);
      w.sends.add(send);
      send(total);
      timer ??= setInterval(() => void poll(), intervalMs);
      return () => {
        w.sends.delete(send);
        if (!w.sends.size) watchers.delete(userId);
        if (!watchers.size) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
export type LiveCounters = ReturnType<typeof createLiveCounters>;
