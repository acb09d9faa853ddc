/** Transcript text and timing, free of zod so the public ad page can use it without loading the schemas. */

/** One timed line of a transcript, in seconds from the start of the audio. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

export const transcriptMessages = {
  autoOff: 'Automatic transcription is off on this server, so please type or paste the script.',
  autoOn:
    "Automatic transcription is on: leave this empty, and after you publish the audio is transcribed; the text then appears on the ad's edit page for you to review.",
  transcribing: 'Transcribing...',
  transcribingHint: 'The text appears here when it is ready. You can leave this page meanwhile.',
  done: 'Transcribed automatically. Review the text and correct any words, then save.',
  nothingHeard: 'No words were heard in the audio, so please type or paste the script.',
  failed: (reason: string | null) =>
    `Automatic transcription failed, so please type or paste the script.${reason ? ` Reason: ${reason}` : ''}`,
  failedShort: 'Transcription failed: edit the ad to type the script',
  kept: 'Your own transcript is kept: automatic transcription does not replace it.',
  notTranscribed:
    'This audio was uploaded while automatic transcription was off: type or paste the script, or upload the audio again to have it transcribed.',
  newAudio: 'The new audio is transcribed after you save, unless you change the transcript here.',
} as const;

/** The stable address of an ad's WebVTT captions. */
export const captionsPath = (slug: string) => `/api/ads/${encodeURIComponent(slug)}/captions.vtt`;

export const MAX_TRANSCRIPT_LENGTH = 20_000;
export const MAX_TRANSCRIPT_SEGMENTS = 2_000;

/** A line of pasted text that starts with a time: '[0:05] Good morning' or '1:02:03 text'. */
const TIMED_LINE = /^\s*\[?(?:(\d{1,2}):)?(\d{1,2}):(\d{2}(?:\.\d+)?)\]?\s+(.+)$/;

/**
 * Reads timed lines from a transcript as typed or pasted. When every non-empty line starts with a
 * time, the lines are the segments (each ends where the next starts; the last at the audio's end);
 * otherwise the transcript is plain text and has no segments.
 */
export function parseTimedLines(text: string, durationSeconds?: number | null): TranscriptSegment[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const parsed = lines.map((l) => TIMED_LINE.exec(l));
  if (parsed.some((m) => !m)) return null;
  const starts = parsed.map((m) => Number(m![1] ?? 0) * 3600 + Number(m![2]) * 60 + Number(m![3]));
  if (starts.some((s, i) => i > 0 && s < starts[i - 1]!)) return null;
  return parsed.map((m, i) => {
    const end = starts[i + 1] ?? Math.max(starts[i]!, durationSeconds ?? starts[i]! + 5);
    return { start: starts[i]!, end, text: m![4]!.trim() };
  });
}

/** The transcript's text without its time stamps (what is searched and shown as text). */
export function transcriptText(text: string, segments: TranscriptSegment[] | null): string {
  return segments ? segments.map((s) => s.text).join('\n') : text.trim();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** m:ss for a line's clickable time stamp. */
export function formatClock(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** Timed lines back as editable text ('[0:05] text' per line), the format parseTimedLines reads. */
export function timedLinesText(segments: TranscriptSegment[]): string {
  return segments.map((s) => `[${formatClock(s.start)}] ${s.text}`).join('\n');
}

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/**
 * A WebVTT file of the segments. Cue text is plain text: '&', '<' and '>' are escaped (VTT reads tags
 * in cues), and a line holding '-->' cannot end a cue early since its arrow is escaped too.
 */
export function toWebVtt(segments: TranscriptSegment[]): string {
  const cue = (s: TranscriptSegment, i: number) =>
    `${i + 1}\n${vttTime(s.start)} --> ${vttTime(Math.max(s.end, s.start))}\n${s.text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\n\s*\n/g, '\n')}`;
  return `WEBVTT\n\n${segments.map(cue).join('\n\n')}\n`;
}

/** Which segment is playing at a time (the last that started), or -1 before the first. */
export function segmentAt(segments: TranscriptSegment[], seconds: number): number {
  let at = -1;
  for (let i = 0; i < segments.length && segments[i]!.start <= seconds; i++) at = i;
  return at;
}
