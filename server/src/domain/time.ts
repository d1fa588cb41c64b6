import { addDays, daysBetween, tokyoDayStart } from '@coin/contract';
import { invalidRequest } from './errors';

/** The Asia/Tokyo calendar helpers live in the contract (one copy for the server, the console and the tests). */
export { addDays, daysBetween, tokyoDate, tokyoDayStart, tokyoMonth } from '@coin/contract';

/** 'YYYYMM' shifted by a number of months. */
export function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(4, 6)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Whole months from one 'YYYYMM' to another (positive when `to` is later). */
export const monthsBetween = (from: string, to: string) =>
  Number(to.slice(0, 4)) * 12 + Number(to.slice(4, 6)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(4, 6)));

/** The instant a Tokyo month ('YYYYMM') starts. */
export function tokyoMonthStart(month: string): Date {
  return tokyoDayStart(`${month.slice(0, 4)}-${month.slice(4, 6)}-01`);
}

const MIN_DATE = '1900-01-01';
const MAX_DATE = '2999-12-31';

/**
 * Inclusive Tokyo days → the half-open instant range [from, to).
 * Refuses dates the database cannot hold and, with maxDays, periods that are too long.
 */
export function tokyoPeriod(startDate: string, endDate: string, maxDays?: number): { from: Date; to: Date } {
  for (const [field, value] of [
    ['start_date', startDate],
    ['end_date', endDate],
  ] as const) {
    if (value < MIN_DATE || value > MAX_DATE) {
      throw invalidRequest(field, `${MIN_DATE}から${MAX_DATE}までの日付を指定してください`);
    }
  }
  if (maxDays !== undefined && daysBetween(startDate, endDate) + 1 > maxDays) {
    throw invalidRequest('end_date', `期間は${maxDays}日以内で指定してください`);
  }
  return { from: tokyoDayStart(startDate), to: tokyoDayStart(addDays(endDate, 1)) };
}
