/**
 * Identify benchmark: how well a few seconds heard by a phone find their ad (accuracy.ts).
 *   npm run bench:identify                 # 200 catalogue ads, 100 other spoken ads, 50 music beds
 *   BENCH_ADS=50 BENCH_FOREIGN_ADS=20 BENCH_MUSIC=10 npm run bench:identify     # a quicker look
 *   npm run bench:identify -- --report     # the last run's tables again, judged by the current threshold
 * Generated audio and degraded recordings are cached in BENCH_IDENTIFY_CACHE (default: the temp dir).
 */
import { reportAccuracy, runAccuracy } from './accuracy.js';
import { ensureTools } from './tools.js';

if (process.argv.includes('--report')) {
  await reportAccuracy();
} else {
  ensureTools();
  await runAccuracy();
}
