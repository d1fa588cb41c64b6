import { describe, expect, it } from 'vitest';
import { dayLabel, dayTone, type HolidayNames, loadHolidays } from './holidays';

const SOME: HolidayNames = new Map([
  ['2025-05-05', 'こどもの日'],
  ['2025-05-06', 'こどもの日 振替休日'],
  ['2026-11-03', '文化の日'],
]);

describe('calendar day colours', () => {
  it.each([
    ['2025-05-05', 'holiday'], // Monday, こどもの日
    ['2025-05-06', 'holiday'], // Tuesday, a substitute holiday (振替休日)
    ['2025-05-10', 'saturday'],
    ['2025-05-11', 'sunday'],
    ['2025-05-12', null], // Monday
    ['2025-05-16', null], // Friday
  ] as const)('%s is %s', (day, tone) => {
    expect(dayTone(day, SOME)).toBe(tone);
  });

  it('colours weekends before the holidays have loaded (or when they could not be)', () => {
    expect(dayTone('2025-05-05', null)).toBeNull();
    expect(dayTone('2025-05-10', null)).toBe('saturday');
    expect(dayTone('2025-05-11', null)).toBe('sunday');
  });

  it('names a day in full for screen readers, with its holiday', () => {
    expect(dayLabel('2025-05-05', SOME)).toBe('2025年5月5日(月) こどもの日');
    expect(dayLabel('2025-05-10', SOME)).toBe('2025年5月10日(土)');
  });
});

describe('the holiday data', () => {
  it('loads once and knows the holidays, substitute days included', async () => {
    const holidays = await loadHolidays();
    expect(await loadHolidays()).toBe(holidays);
    expect(holidays.get('2025-01-01')).toBe('元日');
    expect(holidays.get('2025-05-05')).toBe('こどもの日');
    // 天皇誕生日 fell on a Sunday in 2025: the Monday after is a substitute holiday.
    expect(holidays.get('2025-02-24')).toBe('天皇誕生日 振替休日');
    expect(holidays.has('2025-02-25')).toBe(false);
    expect(dayTone('2025-02-24', holidays)).toBe('holiday');
    expect(dayTone('2025-02-25', holidays)).toBeNull();
  });
});
