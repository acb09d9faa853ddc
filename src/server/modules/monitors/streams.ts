import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { tsxEntry, workerEntry } from '../../paths.js';
import type { StreamCommand, StreamEvent } from './stream-protocol.js';

const worker = workerEntry('stream-worker', import.meta.url);

export interface StreamHandlers {
  /** Landmarks of the stream (t from its first sample), how many samples it has given, and when they came. */
  onAudio(batch: { hashes: Int32Array; frames: Int32Array; samples: number; receivedAt: number }): void;
  /** The stream ended (error: why) or was closed (error null). Called once. */
  onEnded(error: string | null): void;
}

/**
 * The streams this process listens to, all read and fingerprinted on one thread of their own (it starts
 * with the first stream and ends with the last, or at close()).
 */
export function createStreamReader({ userAgent }: { userAgent: string }) {
  let thread: Worker | null = null;
  const listeners = new Map<string, StreamHandlers>();

  function start() {
    const t = worker.fromSource ? new Worker(tsxEntry(worker.url), { eval: true }) : new Worker(worker.url);
    t.on('message', (event: StreamEvent) => {
      if (event.type === 'closed') return;
      const handlers = listeners.get(event.id);
      if (!handlers) return;
      if (event.type === 'audio') handlers.onAudio(event);
      else {
        listeners.delete(event.id);
        handlers.onEnded(event.error);
      }
    });
    // The thread failed: every stream it read ends (their monitors reconnect, on a new thread).
    const lost = (why: string) => {
      if (thread !== t) return;
      thread = null;
      const all = [...listeners.values()];
      listeners.clear();
      for (const handlers of all) handlers.onEnded(why);
    };
    t.on('error', (err) => lost(`the stream thread failed: ${err.message}`));
    t.on('exit', () => lost('the stream thread stopped'));
    return t;
  }

  const send = (command: StreamCommand) => thread?.postMessage(command);

  return {
    /** Starts reading `url`; returns a function that stops (its onEnded then says null). */
    open(url: string, handlers: StreamHandlers): () => void {
      const id = randomUUID();
      thread ??= start();
      listeners.set(id, handlers);
      send({ type: 'open', id, url, userAgent });
      return () => {
        if (!listeners.has(id)) return;
        send({ type: 'close', id });
      };
    },

    async close() {
      const t = thread;
      thread = null;
      const all = [...listeners.values()];
      listeners.clear();
      for (const handlers of all) handlers.onEnded(null);
      if (t) {
        // The ffmpeg processes end first: they are the process's children, not the thread's.
        const closed = new Promise<void>((resolve) => {
          t.on('message', (event: StreamEvent) => event.type === 'closed' && resolve());
          t.once('exit', () => resolve());
        });
        t.postMessage({ type: 'close-all' } satisfies StreamCommand);
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        await t.terminate();
      }
    },
  };
}
export type StreamReader = ReturnType<typeof createStreamReader>;
