import { describe, expect, it } from 'vitest';
import { barsFor, resamplePeaks } from './Waveform';

describe('waveform bars', () => {
  it('fit the width with a gap between every bar, so they never grow fat', () => {
    for (const width of [200, 360, 1000, 1600]) {
      const bars = barsFor(width, 3);
      expect(bars * 3 + (bars - 1) * 2).toBeLessThanOrEqual(width);
      expect((bars + 1) * 3 + bars * 2).toBeGreaterThan(width);
    }
  });

  it('stretch the stored peaks through their ends', () => {
    const out = resamplePeaks([0, 1, 0], 5);
    expect(out).toEqual([0, 0.5, 1, 0.5, 0]);
    expect(resamplePeaks([0.2, 0.4], 1)).toEqual([0.2]);
    expect(resamplePeaks([], 10)).toEqual([]);
  });
});
