import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, tokyoDate, tokyoDayFrom, tokyoDayStart, tokyoMonth, tokyoWallClock } from './tokyoTime';

describe('Asia/Tokyo time', () => {
  it('puts an instant on its Tokyo day and month, at the midnight edge', () => {
    expect(tokyoDate(new Date('2025-04-30T14:59:59.999Z'))).toBe('2025-04-30');
    expect(tokyoDate(new Date('2025-04-30T15:00:00Z'))).toBe('2025-05-01');
    expect(tokyoMonth(new Date('2025-12-31T15:00:00Z'))).toBe('202601');
    expect(tokyoWallClock('2025-04-01T00:30:05.123Z')).toBe('2025-04-01T09:30:05.123');
  });

  it('starts a Tokyo day at 15:00 UTC the day before', () => {
    expect(tokyoDayStart('2025-05-01').toISOString()).toBe('2025-04-30T15:00:00.000Z');
    expect(tokyoDate(tokyoDayStart('2025-05-01'))).toBe('2025-05-01');
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2025-03-01', '2025-02-01')).toBe(-28);
  });

  it('gives the Tokyo day some days from now', () => {
    const now = new Date('2025-04-30T16:00:00Z');
    expect(tokyoDayFrom(0, now)).toBe('2025-05-01');
    expect(tokyoDayFrom(-1, now)).toBe('2025-04-30');
    expect(tokyoDayFrom(31, now)).toBe('2025-06-01');
  });
});
