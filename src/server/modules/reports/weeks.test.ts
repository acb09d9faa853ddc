import { describe, expect, it } from 'vitest';
import { changeOf } from './reports.service.js';
import { isoWeekOf, localTime, reportDue, reportWeeks, startOfLocalDay } from './weeks.js';

describe('weeks in a time zone', () => {
  it('names ISO weeks, across the turn of the year', () => {
    expect(isoWeekOf(2026, 11, 30)).toBe('2026-W49');
    expect(isoWeekOf(2026, 11, 29)).toBe('2026-W48');
    expect(isoWeekOf(2021, 1, 3)).toBe('2020-W53');
    expect(isoWeekOf(2024, 12, 30)).toBe('2025-W01');
    expect(isoWeekOf(2026, 1, 1)).toBe('2026-W01');
  });

  it('finds local midnight in zones ahead of and behind UTC', () => {
    expect(startOfLocalDay(2026, 11, 30, 'Europe/Paris').toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 30, 'America/New_York').toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(startOfLocalDay(2026, 11, 30, 'Asia/Kolkata').toISOString()).toBe('2026-11-29T18:30:00.000Z');
    expect(startOfLocalDay(2026, 11, 30, 'UTC').toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('compares the last whole local week with the one before', () => {
    const w = reportWeeks(new Date('2026-11-30T07:00:00Z'), 'Europe/Paris'); // Monday 08:00 in Paris
    expect(w.week).toBe('2026-W49');
    expect(w.current.from.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(w.current.to.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(w.previous.from.toISOString()).toBe('2026-11-15T23:00:00.000Z');
    expect(w.previous.to.toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('keeps the week whole across the end of summer time (a 169-hour week)', () => {
    const w = reportWeeks(new Date('2026-10-26T07:00:00Z'), 'Europe/Paris');
    expect(w.current.from.toISOString()).toBe('2026-10-18T22:00:00.000Z'); // CEST
    expect(w.current.to.toISOString()).toBe('2026-10-25T23:00:00.000Z'); // CET
    expect((w.current.to.getTime() - w.current.from.getTime()) / 3_600_000).toBe(169);
  });

  it('is due from Monday 08:00 local, not before, and not on other days', () => {
    expect(reportDue(new Date('2026-11-30T07:00:00Z'), 'Europe/Paris')).toBe(true);
    expect(reportDue(new Date('2026-11-30T06:59:00Z'), 'Europe/Paris')).toBe(false);
    expect(reportDue(new Date('2026-11-30T07:00:00Z'), 'America/New_York')).toBe(false); // 02:00 there
    expect(reportDue(new Date('2026-11-30T13:00:00Z'), 'America/New_York')).toBe(true);
    expect(reportDue(new Date('2026-12-01T07:00:00Z'), 'Europe/Paris')).toBe(false); // Tuesday
    expect(localTime(new Date('2026-11-30T02:30:00Z'), 'Asia/Kolkata')).toMatchObject({ weekday: 1, hour: 8 });
  });
});

describe('change against the week before', () => {
  it('is a rounded percentage, new, or no change', () => {
    expect(changeOf(9, 4)).toBe('+125%');
    expect(changeOf(3, 4)).toBe('-25%');
    expect(changeOf(5, 0)).toBe('new');
    expect(changeOf(0, 0)).toBe('no change');
    expect(changeOf(4, 4)).toBe('no change');
    expect(changeOf(0, 7)).toBe('-100%');
  });
});
