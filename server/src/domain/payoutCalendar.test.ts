import { describe, expect, it } from 'vitest';
import {
  businessDayOnOrAfter,
  closingBefore,
  closingOnOrAfter,
  isBusinessDay,
  isClosingDay,
  monthEnd,
  payoutDateOf,
  periodStartOf,
} from './payoutCalendar';

describe('payout calendar', () => {
  it.each([
    ['2026-11-24', true, 'a Tuesday'],
    ['2026-11-28', false, 'a Saturday'],
    ['2026-11-29', false, 'a Sunday'],
    ['2026-11-23', false, '勤労感謝の日'],
    ['2026-05-04', false, 'みどりの日 (Golden Week)'],
    ['2026-05-06', false, 'こどもの日 振替休日'],
    ['2026-05-07', true, 'the day after Golden Week'],
    ['2026-12-30', true, 'the last business day of 2026'],
    ['2026-12-31', false, '12/31 (bank holiday)'],
    ['2027-01-01', false, '元日'],
    ['2027-01-02', false, '1/2 (bank holiday, a Saturday)'],
    ['2027-01-04', true, 'the first business day of 2027 (a Monday)'],
    ['2026-01-02', false, '1/2 on a Friday'],
    ['2026-01-03', false, '1/3'],
    ['2026-01-12', false, '成人の日'],
    ['2026-09-22', false, '国民の休日 between 敬老の日 and 秋分の日'],
  ])('%s is a business day: %s (%s)', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it.each([
    ['2026-12-31', '2027-01-04'],
    ['2026-12-29', '2026-12-29'],
    ['2026-05-02', '2026-05-07'],
    ['2026-11-21', '2026-11-24'],
    ['2027-01-04', '2027-01-04'],
  ])('the first business day on or after %s is %s', (date, expected) => {
    expect(businessDayOnOrAfter(date)).toBe(expected);
  });

  it.each([
    // closing day → payout date (closing + 15 days, then the next business day)
    ['2026-11-15', '2026-11-30'],
    ['2026-10-31', '2026-11-16'],
    ['2026-12-15', '2026-12-30'],
    // Not a closing day, but it lands on 12/31: the year-end holidays push it to 1/4.
    ['2026-12-16', '2027-01-04'],
    ['2026-12-31', '2027-01-15'],
    ['2026-04-15', '2026-04-30'],
    ['2026-04-30', '2026-05-15'],
    ['2026-04-19', '2026-05-07'],
    ['2027-02-28', '2027-03-15'],
  ])('the period closing on %s is paid on %s', (closing, expected) => {
    expect(payoutDateOf(closing)).toBe(expected);
  });

  it('closes on the 15th and the last day of each month, leap years included', () => {
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(monthEnd('2027-02-01')).toBe('2027-02-28');
    expect(monthEnd('2026-12-31')).toBe('2026-12-31');
    expect(['2026-11-15', '2026-11-30', '2028-02-29'].every(isClosingDay)).toBe(true);
    expect(['2026-11-14', '2026-11-16', '2027-02-27'].some(isClosingDay)).toBe(false);
    expect(closingOnOrAfter('2026-11-24')).toBe('2026-11-30');
    expect(closingOnOrAfter('2026-11-15')).toBe('2026-11-15');
    expect(closingOnOrAfter('2026-12-01')).toBe('2026-12-15');
    expect(closingBefore('2026-11-24')).toBe('2026-11-15');
    expect(closingBefore('2026-11-15')).toBe('2026-10-31');
    expect(closingBefore('2027-03-01')).toBe('2027-02-28');
    expect(periodStartOf('2026-11-30')).toBe('2026-11-16');
    expect(periodStartOf('2026-11-15')).toBe('2026-11-01');
  });
});
