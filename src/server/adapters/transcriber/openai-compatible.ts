import { z } from 'zod';
import {
  MAX_TRANSCRIPT_LENGTH,
  MAX_TRANSCRIPT_SEGMENTS,
  transcriptText,
  type TranscriptSegment,
} from '../../../shared/transcripts.js';
import { TranscriberError, type Transcriber } from './transcriber.js';

export interface OpenAiCompatibleOptions {
  /** The API's base URL as its OpenAI clients take it (https://api.openai.com/v1); a bare origin gets /v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for one answer (default 5 minutes: a self-hosted model on a CPU takes a while). */
  timeoutMs?: number;
}

export const DEFAULT_TRANSCRIBE_TIMEOUT_MS = 5 * 60_000;
/** A transcript of five minutes of speech is some tens of kilobytes; anything far larger is not one. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** A Retry-After beyond this is read as this. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/**
 * Segment times above a day cannot be seconds of an ad (5 minutes at most): LocalAI writes Go durations,
 * which are nanoseconds.
 */
const NANOSECONDS_ABOVE = 86_400;

/** POST {base}/audio/transcriptions. */
export function transcriptionsUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const base = url.pathname === '/' ? '/v1' : url.pathname.replace(/\/+$/, '');
  url.pathname = `${base}/audio/transcriptions`;
  return url.toString();
}

/**
 * The verbose_json answer (OpenAI's TranscriptionVerbose: text, language, duration, segments with id,
 * start, end, text, tokens, ...). Only what is used is required; Groq, faster-whisper-server,
 * whisper.cpp's server and LocalAI answer the same fields.
 */
const VerboseAnswer = z.object({
  text: z.string(),
  segments: z.array(z.object({ start: z.number().min(0), end: z.number().min(0), text: z.string() })).nullish(),
});

/** OpenAI's error body: { error: { message } }; other servers send { detail } or { message }. */
const ErrorBody = z.union([
  z.object({ error: z.object({ message: z.string() }) }).transform((b) => b.error.message),
  z.object({ detail: z.string() }).transform((b) => b.detail),
  z.object({ message: z.string() }).transform((b) => b.message),
  z.object({ error: z.string() }).transform((b) => b.error),
]);

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isFinite(seconds) ? Math.min(Math.max(0, seconds), MAX_RETRY_AFTER_MS) : undefined;
}

/** Reads the body, refusing one larger than `max` bytes. */
async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new TranscriberError(`the answer is larger than ${max} bytes`, true);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The service's timed lines in the ads' format: seconds, trimmed text, in order, within the limits. */
function segmentsOf(raw: { start: number; end: number; text: string }[]): TranscriptSegment[] | null {
  const scale = raw.some((s) => s.end > NANOSECONDS_ABOVE) ? 1e-9 : 1;
  const segments = raw
    .map((s) => ({
      start: s.start * scale,
      end: Math.max(s.end, s.start) * scale,
      text: s.text.replace(/\s+/g, ' ').trim().slice(0, 2_000),
    }))
    .filter((s) => s.text)
    .sort((a, b) => a.start - b.start)
    .slice(0, MAX_TRANSCRIPT_SEGMENTS);
  return segments.length ? segments : null;
}

/** The OpenAI-compatible speech-to-text API: OpenAI, Groq, faster-whisper-server, whisper.cpp, LocalAI. */
export function createOpenAiCompatibleTranscriber(options: OpenAiCompatibleOptions): Transcriber {
  const url = transcriptionsUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSCRIBE_TIMEOUT_MS;
  return {
    async transcribe(audio, signal) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.contentType }), audio.filename);
      form.append('model', options.model);
      form.append('response_format', 'verbose_json');
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          body: form,
          headers: {
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        });
      } catch (err) {
        if (timeout.aborted) throw new TranscriberError(`no answer within ${timeoutMs / 1000} s`, true);
        if (signal?.aborted) throw new TranscriberError('stopped', true);
        const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
        throw new TranscriberError(`the service could not be reached (${cause})`, true);
      }
      let body: string;
      try {
        body = await readCapped(res, MAX_ANSWER_BYTES);
      } catch (err) {
        if (err instanceof TranscriberError) throw err;
        if (timeout.aborted) throw new TranscriberError(`no complete answer within ${timeoutMs / 1000} s`, true);
        throw new TranscriberError(`the answer was cut off (${(err as Error).message})`, true);
      }
      if (!res.ok) {
        const said = (() => {
          try {
            const parsed = ErrorBody.safeParse(JSON.parse(body));
            return parsed.success ? `: ${parsed.data.slice(0, 300)}` : '';
          } catch {
            return '';
          }
        })();
        // A refused key is not the advertiser's business (OpenAI's message even quotes part of it).
        const message =
          res.status === 401 || res.status === 403
            ? `the service refused this server's key (${res.status})`
            : `the service answered ${res.status}${said}`;
        if (res.status === 429) {
          throw new TranscriberError(message, true, retryAfterMs(res.headers.get('retry-after')));
        }
        // A timeout or a failure of the service itself may pass; any other refusal is about the request.
        throw new TranscriberError(message, res.status >= 500 || res.status === 408);
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new TranscriberError('the answer is not JSON', true);
      }
      const parsed = VerboseAnswer.safeParse(json);
      if (!parsed.success) {
        throw new TranscriberError(`the answer is not a transcription (${parsed.error.issues[0]?.message})`, true);
      }
      const segments = parsed.data.segments ? segmentsOf(parsed.data.segments) : null;
      const text = transcriptText(parsed.data.text, segments).slice(0, MAX_TRANSCRIPT_LENGTH);
      return { text, segments };
    },
  };
}
