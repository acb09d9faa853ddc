/**
 * The stream monitors' thread (decision 0053): for each stream it is asked to open, an ffmpeg child
 * process reads the URL (HTTP, Icecast/SHOUTcast, HLS; MP3, AAC, whatever ffmpeg decodes) and writes
 * 8 kHz mono PCM, which this thread fingerprints as it comes. Only landmarks go back to the main thread,
 * in batches, so the event loop that answers pages never decodes nor transforms audio.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { createFingerprinter, FINGERPRINT_SAMPLE_RATE } from '../../../shared/fingerprint/index.js';
import type { StreamCommand, StreamEvent } from './stream-protocol.js';

/** Landmarks go to the main thread at most this often per stream. */
const BATCH_MS = 250;
/** A stream that sends no audio for this long is dropped (and the monitor reconnects). */
const STALL_MS = 20_000;

/**
 * Monitoring yields to the pages: this thread and its ffmpeg processes run at this nice value, so on a
 * busy machine the scheduler serves the event loop first. On Linux a nice value is a thread's own, so
 * setting it here leaves the main thread as it was.
 */
const MONITOR_NICE = 10;
const lowerPriority = (pid?: number) => {
  try {
    if (pid === undefined) setPriority(MONITOR_NICE);
    else setPriority(pid, MONITOR_NICE);
  } catch {
    // Not allowed here (some containers): the work runs at the process's own priority.
  }
};
lowerPriority();

const port = parentPort!;
const post = (event: StreamEvent, transfer: ArrayBuffer[] = []) => port.postMessage(event, transfer);

interface Open {
  child: ChildProcess;
  stalled: NodeJS.Timeout;
  closing: boolean;
}
const streams = new Map<string, Open>();

function open(id: string, url: string, userAgent: string) {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      // Network protocols only: a stream URL never reads a local file or runs another protocol.
      ...['-protocol_whitelist', 'http,https,tcp,tls,crypto,hls'],
      ...['-user_agent', userAgent, '-rw_timeout', String(STALL_MS * 1000)],
      // Decoding starts after a few kB rather than seconds of probing: the stream's clock stays close to the air's.
      ...['-probesize', '8192', '-analyzeduration', '0', '-fflags', 'nobuffer'],
      ...['-i', url],
      ...['-vn', '-ac', '1', '-ar', String(FINGERPRINT_SAMPLE_RATE), '-f', 's16le', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (child.pid) lowerPriority(child.pid);
  const fingerprinter = createFingerprinter(FINGERPRINT_SAMPLE_RATE);
  let samples = 0;
  let leftover: Buffer | null = null;
  let hashes: number[] = [];
  let frames: number[] = [];
  let lastPost = 0;
  let errors = '';
  const entry: Open = { child, stalled: setTimeout(() => child.kill('SIGKILL'), STALL_MS), closing: false };
  streams.set(id, entry);

  const flush = (receivedAt: number) => {
    const h = Int32Array.from(hashes);
    const f = Int32Array.from(frames);
    hashes = [];
    frames = [];
    lastPost = receivedAt;
    post({ type: 'audio', id, hashes: h, frames: f, samples, receivedAt }, [h.buffer, f.buffer]);
  };

  child.stdout!.on('data', (chunk: Buffer) => {
    const receivedAt = Date.now();
    entry.stalled.refresh();
    const bytes: Buffer = leftover ? Buffer.concat([leftover, chunk]) : chunk;
    const whole = bytes.length & ~1;
    leftover = whole < bytes.length ? bytes.subarray(whole) : null;
    const pcm = new Float32Array(whole / 2);
    for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2) / 32768;
    samples += pcm.length;
    for (const l of fingerprinter.push(pcm)) {
      hashes.push(l.hash);
      frames.push(l.t);
    }
    if (receivedAt - lastPost >= BATCH_MS) flush(receivedAt);
  });
  child.stderr!.on('data', (chunk: Buffer) => void (errors = (errors + chunk.toString()).slice(-500)));
  const ended = (error: string | null) => {
    if (streams.get(id) !== entry) return;
    clearTimeout(entry.stalled);
    streams.delete(id);
    if (!entry.closing) flush(Date.now());
    post({ type: 'ended', id, error: entry.closing ? null : error });
  };
  child.on('error', (err) => ended(err.message));
  child.on('close', (code, signal) =>
    ended(code === 0 ? 'the stream ended' : errors.trim() || `ffmpeg stopped (${signal ?? code})`),
  );
}

port.on('message', (command: StreamCommand) => {
  if (command.type === 'open') open(command.id, command.url, command.userAgent);
  else if (command.type === 'close-all') {
    const exits = [...streams.values()].map((entry) => {
      entry.closing = true;
      const exited = new Promise((resolve) => entry.child.once('close', resolve));
      entry.child.kill('SIGKILL');
      return exited;
    });
    void Promise.all(exits).then(() => post({ type: 'closed' }));
  } else {
    const entry = streams.get(command.id);
    if (!entry) return;
    entry.closing = true;
    entry.child.kill('SIGKILL');
  }
});
