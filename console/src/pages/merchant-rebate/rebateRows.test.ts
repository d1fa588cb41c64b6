import { describe, expect, it } from 'vitest';
import { RECENT_MONTHS, recentMonths } from './rebateRows';

describe('recentMonths', () => {
  it('starts on the first day of the month eleven months back and ends today (Asia/Tokyo)', () => {
    expect(recentMonths(RECENT_MONTHS, new Date('2026-10-15T03:00:00Z'))).toEqual({
      from: '2025-11-01',
      to: '2026-10-15',
    });
  });

  it('counts from the Tokyo day, not the UTC one, across a year end', () => {
    // 2026-12-31 15:30 UTC is 2027-01-01 00:30 in Tokyo.
    expect(recentMonths(12, new Date('2026-12-31T15:30:00Z'))).toEqual({ from: '2026-02-01', to: '2027-01-01' });
    expect(recentMonths(3, new Date('2027-02-10T00:00:00Z'))).toEqual({ from: '2026-12-01', to: '2027-02-10' });
  });

  it('is this month alone for one month', () => {
    expect(recentMonths(1, new Date('2026-03-31T14:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });
});
