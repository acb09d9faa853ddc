import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** What main.ts prints once it listens; whoever starts the server waits for it. */
export const READY_LINE = 'AdReplay is running at';
/** What main.ts prints once its background start-up work (sweeping uploads, indexing ads' sound) is done. */
export const SETTLED_LINE = 'Start-up work finished';

/** Characters of a server's output kept for `output()`. */
const OUTPUT_LIMIT = 4 * 1024 * 1024;

/** A port that is free right now, so PUBLIC_ORIGIN can name it before the server starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the ready line; rejects if the process exits first or does not get there in time. */
  ready: Promise<string>;
  /** Resolves once the start-up work in the background is done (what a benchmark waits for); rejects on exit. */
  settled: Promise<void>;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** What it has written so far (stdout, and stderr unless inherited); the last 4 MB of a long run. */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Runs the server as a child process of its own (`node <args>`), as a user or a load balancer would. */
export function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  { inheritStderr = false, timeoutMs = 90_000 } = {},
): ServerProcess {
  const child = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', 'pipe', inheritStderr ? 'inherit' : 'pipe'],
  });
  let out = '';
  // The newest OUTPUT_LIMIT characters at least: a benchmark's request log runs past what a string can hold.
  const append = (text: string) => {
    out += text;
    if (out.length > 2 * OUTPUT_LIMIT) out = out.slice(-OUTPUT_LIMIT);
  };
  child.stderr?.on('data', (chunk: Buffer) => append(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let onSettled = () => {};
  const settled = new Promise<void>((resolve, reject) => {
    onSettled = resolve;
    void exited.then((code) => reject(new Error(`The server exited with code ${code}`)));
  });
  settled.catch(() => {});
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code}:\n${out}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      append(line + '\n');
      if (line.includes(SETTLED_LINE)) onSettled();
      if (line.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve(line);
      }
    });
  });
  // A caller that expects the process to fail awaits `exited` only; the rejection is not an error then.
  ready.catch(() => {});
  return {
    child,
    ready,
    settled,
    exited,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
