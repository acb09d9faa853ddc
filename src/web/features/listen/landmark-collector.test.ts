import { describe, expect, it } from 'vitest';
import { fingerprint, resample } from '../../../shared/fingerprint';
import { createLandmarkCollector } from './landmark-collector';

/** Three seconds of a tone that steps every 100 ms, at the microphone's 48 kHz, with a little noise. */
function melody(rate = 48_000, seconds = 3) {
  let seed = 1;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.02;
  return Float32Array.from({ length: rate * seconds }, (_, i) => {
    const t = i / rate;
    const f = 400 + 150 * (Math.floor(t * 10) % 7);
    return 0.4 * Math.sin(2 * Math.PI * f * t) + noise();
  });
}

const chunks = (samples: Float32Array, size: number) =>
  Array.from({ length: Math.ceil(samples.length / size) }, (_, i) => samples.subarray(i * size, (i + 1) * size));

describe('createLandmarkCollector', () => {
  it('gives, from the microphone’s chunks, the landmarks of the whole clip at the fingerprint rate', () => {
    const audio = melody();
    const collector = createLandmarkCollector(48_000, 100_000);
    chunks(audio, 2048).forEach((c) => collector.push(c));
    collector.finish();
    const whole = fingerprint(resample(audio, 48_000));
    expect(whole.length).toBeGreaterThan(20);
    expect(collector.count).toBe(whole.length);
    expect(collector.batch()).toEqual(whole);
  });

  it('sends the latest landmarks when there are more than a look-up may carry', () => {
    const collector = createLandmarkCollector(48_000, 10);
    chunks(melody(), 4096).forEach((c) => collector.push(c));
    const all = createLandmarkCollector(48_000, 100_000);
    chunks(melody(), 4096).forEach((c) => all.push(c));
    expect(collector.count).toBeGreaterThan(10);
    expect(collector.batch()).toEqual(all.batch().slice(-10));
  });

  it('tells silence from sound by the loudest sample', () => {
    const quiet = createLandmarkCollector(44_100, 100);
    quiet.push(new Float32Array(44_100));
    expect(quiet.peak).toBe(0);
    expect(quiet.count).toBe(0);
    const loud = createLandmarkCollector(44_100, 100);
    loud.push(Float32Array.of(0.1, -0.5, 0.2));
    expect(loud.peak).toBe(0.5);
  });
});
