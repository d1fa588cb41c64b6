import { invalidRequest } from './errors';

/** Asia/Tokyo has had no daylight saving since 1951: a fixed +09:00 offset is exact. */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a Tokyo calendar day ('YYYY-MM-DD') starts. */
export function tokyoDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`);
}

/** The Tokyo calendar day of an instant, 'YYYY-MM-DD'. */
export function tokyoDate(instant: Date): string {
  return new Date(instant.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Tokyo month of an instant, 'YYYYMM'. */
export function tokyoMonth(instant: Date): string {
  return tokyoDate(instant).slice(0, 7).replace('-', '');
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

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

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
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
