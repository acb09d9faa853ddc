import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real audio file made by ffmpeg (Debian package `ffmpeg`): a tone of `seconds`, encoded with
 * `codec` (ffmpeg output options) into `dir/name`.
 */
export async function toneFile(dir: string, name: string, seconds: number, codec: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    // A tone that fades in, so the waveform has a shape.
    ...['-af', `afade=t=in:d=${seconds / 2}`],
    ...codec,
    file,
  ]);
  return readFile(file);
}

/** MPEG frames only: no ID3 tag, no Xing/Info frame that states the length. */
const RAW_MP3 = ['-ac', '1', '-ar', '8000', '-b:a', '8k', '-write_xing', '0', '-id3v2_version', '0'];

/**
 * An MP3 at 8 kbit/s just under the 10 MB upload limit, about 2 h 54 min long, made by repeating the
 * frames of a short encoding. With `lyingHeader`, an Info frame at the start says it lasts 20 s.
 */
export async function hoursLongMp3(dir: string, { lyingHeader = false } = {}): Promise<Buffer> {
  const frames = await toneFile(dir, 'frames.mp3', 20, RAW_MP3);
  const repeats = Math.floor((10 * 1024 * 1024 - 64 * 1024) / frames.length);
  const body = Buffer.concat(Array.from({ length: repeats }, () => frames));
  if (!lyingHeader) return body;
  const withInfo = await toneFile(dir, 'info.mp3', 20, RAW_MP3.slice(0, 6));
  return Buffer.concat([withInfo, body.subarray(0, body.length - withInfo.length)]);
}
