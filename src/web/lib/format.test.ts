import { describe, expect, it } from 'vitest';
import { formatDate, formatUtcDate } from './format';

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

describe('formatUtcDate', () => {
  it('writes the UTC day, the same in every time zone', () => {
    for (const iso of ['2026-01-01T00:30:00+02:00', '2025-02-28T23:59:59Z', '2024-07-04T23:00:00-05:00']) {
      const expected = new Date(iso).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatUtcDate(iso)).toBe(expected);
    }
    expect(formatUtcDate('2024-07-04T23:00:00-05:00')).toBe('July 5, 2024');
  });
});
