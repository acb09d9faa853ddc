/**
 * HTTP load for the page benchmarks, driven by wrk (written in C; a Debian package). Autocannon decodes each
 * response body into a string and appends it: its cost follows the body's bytes, and on the two cores it
 * shares with the app it, not the app, set the rate of the larger pages (decision 58). wrk reads a body and
 * drops it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDebianPackages } from '../scripts/debian-packages.js';

const WRK = '/usr/bin/wrk';

/**
 * Asks for the paths in turn from `first` on, counts the answers with the expected status, and prints the
 * summary as JSON. A line of the paths file is a path, or a path, a tab and the listener's address (sent as
 * X-Forwarded-For). Each wrk thread runs this script in a Lua state of its own; `done` runs in the main one.
 */
const SCRIPT = `
local threads = {}
function setup(thread) threads[#threads + 1] = thread end

local paths, listeners, n, expected = {}, {}, 0, 200
ok = 0
function init(args)
  for line in io.lines(args[1]) do
    local path, listener = line:match("^([^\t]*)\t?(.*)$")
    paths[#paths + 1] = path
    listeners[#paths] = listener ~= "" and { ["X-Forwarded-For"] = listener } or nil
  end
  n = tonumber(args[2])
  expected = tonumber(args[3])
end

function request()
  local i = n % #paths + 1
  n = n + 1
  return wrk.format(nil, paths[i], listeners[i])
end

function response(status) if status == expected then ok = ok + 1 end end

function done(summary, latency)
  local answered = 0
  for _, t in ipairs(threads) do answered = answered + t:get("ok") end
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"micros":%d,"ok":%d,"p99Micros":%d,"errors":%d}\\n',
    summary.requests, summary.duration, answered, latency:percentile(99),
    e.connect + e.read + e.write + e.timeout))
end
`;

export interface LoadRun {
  /** Answers received. */
  requests: number;
  perSecond: number;
  p99Ms: number;
  /** Answers with the expected status. */
  ok: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface Load {
  /**
   * GETs `paths` in turn from `first` on, over `connections` kept-alive connections, for `seconds`. A path
   * may be followed by a tab and the listener's address, sent as X-Forwarded-For.
   */
  run(opts: {
    url: string;
    paths: string[];
    first: number;
    headers: Record<string, string>;
    seconds: number;
    connections: number;
    expectedStatus: number;
  }): Promise<LoadRun>;
  close(): Promise<void>;
}

/** Ready to drive load with wrk (installed first when missing). */
export async function wrkLoad(): Promise<Load> {
  if (ensureDebianPackages([{ pkg: 'wrk', path: WRK }], 'the page benchmarks').length) {
    throw new Error('wrk is needed to drive the load.');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-wrk-'));
  const script = path.join(dir, 'paths.lua');
  await writeFile(script, SCRIPT);
  // Path lists by identity: the Zipf lists are long, and each is asked for twice (warm-up, then the run).
  const files = new Map<string[], string>();
  return {
    async run({ url, paths, first, headers, seconds, connections, expectedStatus }) {
      let file = files.get(paths);
      if (!file) {
        file = path.join(dir, `paths-${files.size}.txt`);
        await writeFile(file, paths.join('\n') + '\n');
        files.set(paths, file);
      }
      const { stdout } = await promisify(execFile)(
        WRK,
        [
          ...['--threads', '1', '--connections', String(connections), '--duration', `${seconds}s`],
          // Cold renders queue behind one another: a slow answer is measured, not dropped.
          ...['--timeout', '10s', '--script', script],
          ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
          url,
          ...['--', file, String(first), String(expectedStatus)],
        ],
        { maxBuffer: 1 << 20 },
      );
      const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
      if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
      const s = JSON.parse(line) as { requests: number; micros: number; ok: number; p99Micros: number; errors: number };
      return {
        requests: s.requests,
        perSecond: s.requests / (s.micros / 1e6),
        p99Ms: s.p99Micros / 1000,
        ok: s.ok,
        errors: s.errors,
      };
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
