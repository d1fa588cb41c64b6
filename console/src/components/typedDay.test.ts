import { describe, expect, it } from 'vitest';
import { isCalendarDay, parseDayText, tokyoDayAfter } from './typedDay';

describe('typed days', () => {
  it.each([
    ['2025/5/1', '2025-05-01'],
    ['2025-05-01', '2025-05-01'],
    ['２０２５／０５／０１', '2025-05-01'],
    ['2025年5月1日', '2025-05-01'],
    ['2025.12.31', '2025-12-31'],
    ['20250501', '2025-05-01'],
    ['２０２５０５０１', '2025-05-01'],
    ['20250230', null],
    ['2025051', null],
    ['2025/02/30', null],
    ['5/1', null],
    ['tomorrow', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseDayText(text)).toBe(expected);
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-5-1')).toBe(false);
  });

  it('counts days ahead in Tokyo', () => {
    // 2025-04-30 16:00 UTC is 2025-05-01 01:00 in Tokyo.
    expect(tokyoDayAfter(0, new Date('2025-04-30T16:00:00Z'))).toBe('2025-05-01');
    expect(tokyoDayAfter(31, new Date('2025-04-30T16:00:00Z'))).toBe('2025-06-01');
  });
});
