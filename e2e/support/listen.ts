import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as http } from '@playwright/test';
import type { AdListResponse, PublicAd } from '../../src/shared/ads';
import { FINGERPRINT_SAMPLE_RATE, fingerprint } from '../../src/shared/fingerprint';
import type { IdentifyResponse } from '../../src/shared/identify';

/**
 * The clips the Listen journeys play to a fake microphone, made here with ffmpeg, and the look-ups they
 * need: one demo ad as a phone hears a radio, and audio that is in no ad.
 */

const AUDIO_DIR = 'src/server/db/seed/assets/audio';
/** The demo ad the fake microphone hears, and its title in the seed. */
export const HEARD = { key: 'harbor-pizza', title: 'Harbor Pizza Family Night' };
const clipDir = mkdtempSync(path.join(os.tmpdir(), 'adreplay-listen-'));

const CLIPS = {
  /**
   * Eight seconds from the middle of the ad, as a phone hears a radio: telephone band (300-3400 Hz) with
   * pink noise about 15 dB under the voice.
   */
  ad: [
    ...['-ss', '4', '-t', '8', '-i', path.join(AUDIO_DIR, `${HEARD.key}.mp3`)],
    ...['-f', 'lavfi', '-t', '8', '-i', 'anoisesrc=color=pink:amplitude=0.04:seed=7'],
    '-filter_complex',
    '[0:a]aresample=48000,highpass=f=300,lowpass=f=3400,volume=0.9[ad];[1:a]aresample=48000[n];[ad][n]amix=inputs=2:duration=first:normalize=0',
  ],
  /** Audio that is in no ad: a synthesised melody over a bass line, with a little noise. */
  foreign: [
    ...[
      '-f',
      'lavfi',
      '-t',
      '8',
      '-i',
      "aevalsrc='0.25*sin(2*PI*(330+110*floor(mod(2*t,4)))*t)+0.2*sin(2*PI*98*t)':s=48000",
    ],
    ...['-f', 'lavfi', '-t', '8', '-i', 'anoisesrc=color=pink:amplitude=0.02:seed=3:r=48000'],
    '-filter_complex',
    '[0:a][1:a]amix=inputs=2:duration=first:normalize=0',
  ],
} as const;
export type Clip = keyof typeof CLIPS;

/** The rate of the clips as made (and as Chromium's fake microphone plays them). */
export const CLIP_SAMPLE_RATE = 48_000;

/**
 * Writes the clip as the 16-bit WAV Chromium's fake microphone plays, as raw samples at the fingerprint
 * rate (for the server-side check), and as raw 16-bit samples (for the fake microphone of other engines,
 * which gets them through a script argument).
 */
function makeClip(clip: Clip) {
  const wav = path.join(clipDir, `${clip}.wav`);
  const raw = path.join(clipDir, `${clip}.f32`);
  const pcm = path.join(clipDir, `${clip}.s16`);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...CLIPS[clip],
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    wav,
  ]);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', wav],
    ...['-ar', String(FINGERPRINT_SAMPLE_RATE), '-f', 'f32le', raw],
    ...['-ar', String(CLIP_SAMPLE_RATE), '-f', 's16le', pcm],
  ]);
  return { wav, raw, pcm };
}

const made = new Map<Clip, ReturnType<typeof makeClip>>();
export const clipFiles = (clip: Clip) => made.get(clip) ?? made.set(clip, makeClip(clip)).get(clip)!;

export const baseURL = () => process.env.E2E_BASE_URL!;

/** A client of the API with an address of its own (the identify limit is per client). */
export const apiClient = (address: string) =>
  http.newContext({ baseURL: baseURL(), extraHTTPHeaders: { 'X-Forwarded-For': address } });

export async function demoAd(title: string): Promise<PublicAd> {
  const api = await apiClient('198.19.1.1');
  const res = await api.get(`/api/ads?limit=1&search=${encodeURIComponent(title)}`);
  const ad = ((await res.json()) as AdListResponse).ads[0]!;
  await api.dispose();
  expect(ad.title).toBe(title);
  return ad;
}

/**
 * Waits until the server can name the clip: the demo ads are fingerprinted in the background after
 * start-up, so the clip's own fingerprints (made here with the same code as the browser's) are looked
 * up until they match, rather than sleeping for a guessed time.
 */
export async function untilIndexed(rawFile: string, slug: string) {
  const bytes = readFileSync(rawFile);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const landmarks = fingerprint(samples).map((l) => [l.hash, l.t]);
  const api = await apiClient('198.19.1.2');
  await expect
    .poll(
      async () => {
        const res = await api.post('/api/identify', { data: { landmarks } });
        return res.ok() ? ((await res.json()) as IdentifyResponse).match?.slug : `status ${res.status()}`;
      },
      // Under the identify limit of this client (30 a minute).
      { timeout: 60_000, intervals: [2_500] },
    )
    .toBe(slug);
  await api.dispose();
}
