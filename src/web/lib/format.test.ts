import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes the long US date that toLocaleDateString writes', () => {
    for (const iso of [
      '2026-01-01T00:00:00Z',
      '2025-02-28T23:59:59Z',
      '2024-07-04T12:00:00Z',
      '2026-12-31T08:00:00Z',
    ]) {
      const expected = new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
      expect(formatDate(iso)).toBe(expected);
    }
  });
});
