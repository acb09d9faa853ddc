import { describe, expect, it } from 'vitest';
import { downmix, failureOf, MICROPHONE_CONSTRAINTS } from './capture';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('failureOf', () => {
  it('tells a refusal from a missing or busy microphone', () => {
    expect(failureOf(named('NotAllowedError'))).toBe('denied');
    expect(failureOf(named('SecurityError'))).toBe('denied');
    expect(failureOf(named('NotFoundError'))).toBe('no-microphone');
    expect(failureOf(named('OverconstrainedError'))).toBe('no-microphone');
    expect(failureOf(named('NotReadableError'))).toBe('busy');
    expect(failureOf(named('TypeError'))).toBe('unsupported');
    expect(failureOf('nonsense')).toBe('unsupported');
  });
});

describe('the microphone', () => {
  it('asks for the sound as it is: no echo cancellation, noise suppression or automatic gain', () => {
    expect(MICROPHONE_CONSTRAINTS.audio).toMatchObject({
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    });
  });

  it('mixes the channels into one', () => {
    const channels = [Float32Array.of(1, 0.5, -1), Float32Array.of(0, 0.5, 1)];
    const buffer = { numberOfChannels: 2, length: 3, getChannelData: (c: number) => channels[c]! };
    expect([...downmix(buffer)]).toEqual([0.5, 0.5, 0]);
  });
});
