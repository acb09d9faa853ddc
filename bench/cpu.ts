/**
 * Where a benchmark's CPU goes, read from /proc (Linux): the app's event-loop thread, its other threads
 * (the stream monitors' thread, the audio workers, V8's helpers), its child processes (the monitors'
 * ffmpeg), PostgreSQL's processes, and the benchmark's own process (the load tool). Elsewhere it reads
 * nothing and says so.
 */
import { readdirSync } from 'node:fs';
import { procStat as stat } from '../src/server/test/proc-stat.js';

const numeric = (dir: string) => {
  try {
    return readdirSync(dir).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
};

export type CpuParts = Record<
  'app event loop' | 'app other threads' | 'app children' | 'postgres' | 'load tool',
  number
>;

/** CPU seconds used so far by each part, for the app process `appPid`. */
export function cpuParts(appPid: number): CpuParts | null {
  if (process.platform !== 'linux') return null;
  const parts: CpuParts = {
    'app event loop': 0,
    'app other threads': 0,
    'app children': 0,
    postgres: 0,
    'load tool': stat(`/proc/${process.pid}/stat`)?.cpu ?? 0,
  };
  for (const tid of numeric(`/proc/${appPid}/task`)) {
    const cpu = stat(`/proc/${appPid}/task/${tid}/stat`)?.cpu ?? 0;
    parts[Number(tid) === appPid ? 'app event loop' : 'app other threads'] += cpu;
  }
  for (const pid of numeric('/proc')) {
    const s = stat(`/proc/${pid}/stat`);
    if (!s) continue;
    if (s.ppid === appPid) parts['app children'] += s.cpu;
    else if (s.comm === 'postgres') parts.postgres += s.cpu;
  }
  return parts;
}

/** What each part used between two readings, in CPU seconds. */
export function cpuUsed(before: CpuParts | null, after: CpuParts | null): CpuParts | null {
  if (!before || !after) return null;
  const used = { ...after };
  for (const key of Object.keys(used) as (keyof CpuParts)[]) used[key] = +(after[key] - before[key]).toFixed(2);
  return used;
}
