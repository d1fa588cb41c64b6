import holidayJp from '@holiday-jp/holiday_jp';
import { addDays } from './time';

/**
 * The payout calendar. Periods close twice a month (the 15th and the last day, Asia/Tokyo); a period's
 * payout is transferred PAYOUT_LAG_DAYS after its closing day, moved to the next business day: not a
 * Saturday or Sunday, not a Japanese public holiday (the @holiday-jp/holiday_jp data), not 12/31–1/3
 * (the banks' year-end holidays).
 */

/** Calendar days from a closing day to its payout (末日締め翌月15日払い, 15日締め月末払い). */
export const PAYOUT_LAG_DAYS = 15;

const BANK_HOLIDAYS = new Set(['12-31', '01-01', '01-02', '01-03']);

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A day banks transfer money: no weekend, no public holiday, not 12/31–1/3. */
export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  if (BANK_HOLIDAYS.has(date.slice(5))) return false;
  return !holidayJp.isHoliday(new Date(`${date}T00:00:00Z`));
}

/** The first business day on or after `date`. */
export function businessDayOnOrAfter(date: string): string {
  let day = date;
  // A run of non-business days is at most a week long (Golden Week, the year end).
  for (let i = 0; i < 31 && !isBusinessDay(day); i++) day = addDays(day, 1);
  return day;
}

/** The last day of the month of `date`. */
export const monthEnd = (date: string) => addDays(`${addDays(`${date.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1);

/** A closing day: the 15th or the last day of a month. */
export const isClosingDay = (date: string) => date.slice(8) === '15' || date === monthEnd(date);

/** The first closing day on or after `date`. */
export function closingOnOrAfter(date: string): string {
  return date.slice(8) <= '15' ? `${date.slice(0, 8)}15` : monthEnd(date);
}

/** The closing day before `date` (strictly). */
export function closingBefore(date: string): string {
  if (date.slice(8) > '15') return `${date.slice(0, 8)}15`;
  return addDays(`${date.slice(0, 8)}01`, -1);
}

/** The first day of the period that closes on `closing`. */
export const periodStartOf = (closing: string) => addDays(closingBefore(closing), 1);

/** The payout date of the period that closes on `closing`. */
export const payoutDateOf = (closing: string) => businessDayOnOrAfter(addDays(closing, PAYOUT_LAG_DAYS));
