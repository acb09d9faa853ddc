/**
 * Identify benchmark: how well a few seconds heard by a phone find their ad (accuracy.ts), then how fast the
 * server answers with 10,000 ads in the index and how large the index is (latency.ts; needs `npm run build`).
 *   npm run build && npm run bench:identify      # 200 catalogue ads, 100 other spoken ads, 50 music beds;
 *                                                 # then the server on PostgreSQL and PGlite
 *   BENCH_ADS=50 BENCH_FOREIGN_ADS=20 BENCH_MUSIC=10 npm run bench:identify     # a quicker look
 *   BENCH_PARTS=accuracy|latency                  # one part only; BENCH_DB=postgres|pglite for one database
 *   npm run bench:identify -- --report            # the last run's tables again, judged by the current test
 *   BENCH_CLIP_SEED=777001 npm run bench:identify # clips at other offsets, to tune on (decision 0030)
 * Generated audio and degraded recordings are cached in BENCH_IDENTIFY_CACHE (default: the temp dir).
 */
import { reportAccuracy, runAccuracy } from './accuracy.js';
import { runLatency } from './latency.js';
import { ensureTools } from './tools.js';

const parts = (process.env.BENCH_PARTS ?? 'accuracy,latency').split(',');
if (process.argv.includes('--report')) {
  await reportAccuracy();
} else {
  if (parts.includes('accuracy')) {
    ensureTools();
    await runAccuracy();
  }
  if (parts.includes('latency')) {
    const only = process.env.BENCH_DB;
    const ok = await runLatency(only === 'postgres' || only === 'pglite' ? [only] : ['postgres', 'pglite']);
    if (!ok) process.exitCode = 1;
  }
}
