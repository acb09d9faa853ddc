import { describe, expect, it } from 'vitest';
import { airedAt, clockAt, instantOf, localParts } from './zoned-time';

describe('zoned time', () => {
  const at = '2026-11-24T13:05:00Z'; // a Tuesday

  it('formats an instant in each zone asked for (the formatters are kept per zone)', () => {
    expect(airedAt(at, 'America/New_York')).toBe('Tue 8:05 AM');
    expect(airedAt(at, 'Asia/Tokyo')).toBe('Tue 10:05 PM');
    expect(airedAt(at, 'America/New_York')).toBe('Tue 8:05 AM');
    expect(clockAt(at, 'Europe/Madrid')).toBe('2:05 PM');
    expect(clockAt(at, 'UTC')).toBe('1:05 PM');
    expect(localParts(at, 'Asia/Tokyo')).toEqual({ date: '2026-11-24', hour: 22, minute: 5 });
    expect(localParts(at, 'Pacific/Honolulu')).toEqual({ date: '2026-11-24', hour: 3, minute: 5 });
  });

  it('finds the instant of a local time across a change of offset', () => {
    expect(instantOf('2026-03-29', 12, 0, 'Europe/Madrid').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(instantOf('2026-03-28', 12, 0, 'Europe/Madrid').toISOString()).toBe('2026-03-28T11:00:00.000Z');
  });

  it('rejects an unknown zone every time', () => {
    expect(() => airedAt(at, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => airedAt(at, 'Mars/Olympus')).toThrow(RangeError);
  });
});
