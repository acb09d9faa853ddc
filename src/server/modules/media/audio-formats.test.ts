import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMessages, type PublicAd } from '../../../shared/ads.js';
import { subscriptionPlans } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { toneFile } from '../../test/audio.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
let tmp: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-formats-'));
});
afterAll(async () => {
  await t.close();
  await rm(tmp, { recursive: true, force: true });
});

const SECONDS = 6.4;
const upload = async (bytes: Buffer, filename: string) => {
  const u = await signUpUser(t);
  return sendForm(t, 'POST', '/api/my/ads', u.cookie, [
    ['title', 'Format Spot'],
    ['business_name', 'Corner Shop'],
    ['category', 'Retail'],
    // The browser's declared type proves nothing: every file is sent as a generic one.
    ['audio', { bytes, filename, type: 'application/octet-stream' }],
  ]);
};

describe('accepted audio formats', () => {
  it.each([
    ['MP3', 'tone.mp3', ['-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '96k'], 'audio/mpeg'],
    ['WAV (16-bit stereo)', 'tone.wav', ['-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le'], 'audio/wav'],
    ['WAV (32-bit float mono)', 'float.wav', ['-ac', '1', '-ar', '22050', '-c:a', 'pcm_f32le'], 'audio/wav'],
    ['FLAC', 'tone.flac', ['-ac', '2', '-ar', '48000', '-c:a', 'flac'], /^audio\/(x-)?flac$/],
    ['Ogg Vorbis', 'tone.ogg', ['-ac', '2', '-ar', '44100', '-c:a', 'libvorbis', '-q:a', '3'], 'audio/ogg'],
    ['Ogg Opus', 'tone.opus', ['-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '32k'], 'audio/ogg'],
    // ffmpeg writes the sample tables (moov) after the audio unless told otherwise.
    ['AAC in M4A (tables last)', 'tone.m4a', ['-ac', '2', '-ar', '44100', '-c:a', 'aac', '-b:a', '96k'], 'audio/mp4'],
    [
      'AAC in M4A (tables first)',
      'fast.m4a',
      ['-ac', '2', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart'],
      'audio/mp4',
    ],
    // A generic MP4 brand (isom), as many phone recorders write, is an M4A too.
    ['AAC in MP4', 'tone.mp4', ['-ac', '2', '-ar', '48000', '-c:a', 'aac', '-b:a', '128k'], 'audio/mp4'],
    ['AAC (ADTS)', 'tone.aac', ['-ac', '2', '-ar', '44100', '-c:a', 'aac', '-b:a', '96k'], /^audio\/(x-)?aac$/],
  ] as const)(
    '%s uploads with its decoded duration and 40 peaks, served with its type',
    async (_f, name, codec, type) => {
      const bytes = await toneFile(tmp, name, SECONDS, [...codec]);
      const res = await upload(bytes, 'my-ad.bin');
      expect(res.statusCode).toBe(201);
      const ad = res.json() as PublicAd;
      expect(Math.abs(ad.audioDurationMs! - SECONDS * 1000)).toBeLessThanOrEqual(200);
      expect(ad.waveformPeaks).toHaveLength(40);
      expect(Math.max(...ad.waveformPeaks!)).toBe(1);
      // The tone fades in over its first half: the waveform rises, then stays at full level.
      expect(ad.waveformPeaks![1]!).toBeLessThan(0.3);
      expect(ad.waveformPeaks![10]!).toBeLessThan(ad.waveformPeaks![18]!);
      expect(ad.waveformPeaks![30]!).toBeGreaterThan(0.95);
      expect(ad.audioUrl).toMatch(new RegExp(`\\.${path.extname(name).slice(1).replace('mp4', 'm4a')}$`));
      const served = await t.app.inject(ad.audioUrl);
      expect(served.headers['content-type']).toMatch(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('refuses audio in a format it cannot decode with the spec message', async () => {
    const aiff = await toneFile(tmp, 'tone.aiff', 2, ['-c:a', 'pcm_s16be']);
    const res = await upload(aiff, 'tone.aiff');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(fileMessages.invalidType('audio'));
  });

  it('refuses an M4A of Apple Lossless, which browsers do not all play, as undecodable', async () => {
    const alac = await toneFile(tmp, 'lossless.m4a', 2, ['-c:a', 'alac']);
    const res = await upload(alac, 'lossless.m4a');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(fileMessages.undecodable('AAC (M4A)'));
  });

  it('refuses an M4A cut off before its sample tables as undecodable', async () => {
    const m4a = await toneFile(tmp, 'cut.m4a', 3, ['-c:a', 'aac']);
    const res = await upload(m4a.subarray(0, m4a.length - 400), 'cut.m4a');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(fileMessages.undecodable('AAC (M4A)'));
  });

  it('refuses an M4A longer than 5 minutes, also when its header claims 20 seconds', async () => {
    const long = await toneFile(tmp, 'long.m4a', 6 * 60, ['-ac', '1', '-ar', '16000', '-c:a', 'aac', '-b:a', '16k']);
    expect((await upload(long, 'long.m4a')).json().message).toBe(fileMessages.audioTooLong);
    // mvhd and mdhd (version 0): flags, two dates, then the timescale and the duration in its units.
    const lying = Buffer.from(long);
    for (const box of ['mvhd', 'mdhd']) {
      const at = lying.indexOf(box) + 4 + 12;
      lying.writeUInt32BE(lying.readUInt32BE(at) * 20, at + 4);
    }
    const res = await upload(lying, 'long.m4a');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(fileMessages.audioTooLong);
  });

  it('refuses a FLAC file that is cut off after its header as undecodable', async () => {
    const flac = await toneFile(tmp, 'cut.flac', 3, ['-c:a', 'flac']);
    const res = await upload(flac.subarray(0, 200), 'cut.flac');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(fileMessages.undecodable('FLAC'));
  });
});
