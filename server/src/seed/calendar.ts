import { addMonths, tokyoDate, tokyoMonth } from '../domain/time';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface DemoCalendar {
  /** The first day of the history (YYYY-MM-DD, Asia/Tokyo). */
  startDate: string;
  /** Its month (YYYYMM). */
  startMonth: string;
  /** The month of `now` (YYYYMM). */
  currentMonth: string;
  /** The month 本店's payment fee rate changed (YYYYMM). */
  rateChangeMonth: string;
}

/** The demo's calendar: 13 months (396 days) of history up to `now`; 本店's fee rate changed 6 months ago. */
export function demoCalendar(now: Date): DemoCalendar {
  const startDate = tokyoDate(new Date(now.getTime() - 396 * DAY));
  const currentMonth = tokyoMonth(now);
  return {
    startDate,
    startMonth: startDate.slice(0, 7).replace('-', ''),
    currentMonth,
    rateChangeMonth: addMonths(currentMonth, -6),
  };
}
