import { addDays, groupedInteger, tokyoDate, tokyoMonth as tokyoMonthOf, tokyoWallClock } from '@coin/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';

dayjs.locale('ja');

// Built on first use, for what groupedInteger leaves to Intl: a page's first Intl object sets up ICU's
// locale data (tens of milliseconds of main-thread time on a phone), and whole amounts do without it.
let yenFormat: Intl.NumberFormat | undefined;

export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';
export const DATE_FORMAT = 'YYYY/MM/DD';
export const MONTH_FORMAT = 'YYYY年M月';

/** Yen with the currency sign and thousands separators: ￥12,345 (-￥12,345), as ja-JP's currency format. */
export function formatYen(amount: number): string {
  if (Number.isSafeInteger(amount) && !Object.is(amount, -0))
    return `${amount < 0 ? '-' : ''}￥${groupedInteger(Math.abs(amount))}`;
  yenFormat ??= new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
  return yenFormat.format(amount);
}

/** Coin amounts (and counts) with thousands separators: 12,345. */
export const formatCoin = (amount: number): string => groupedInteger(amount);

/** Basis points (1/100 %) as a percentage: 250 → "2.5". */
export const formatBasisPoints = (bp: number): string =>
  (bp / 100).toLocaleString('ja-JP', { maximumFractionDigits: 2 });

/** The Tokyo wall clock of an instant (the contract's helper), or null for what is no instant. */
function wallClock(instant: string | Date): string | null {
  return Number.isNaN(new Date(instant).getTime()) ? null : tokyoWallClock(instant);
}

/** An instant shown as an Asia/Tokyo date-time: 2025/04/01 09:30 (DATE_TIME_FORMAT). */
export function formatDateTime(instant: string | Date): string {
  const clock = wallClock(instant);
  return clock === null ? String(instant) : `${clock.slice(0, 10).replaceAll('-', '/')} ${clock.slice(11, 16)}`;
}

/** An instant shown as an Asia/Tokyo calendar day: 2025/04/01 (DATE_FORMAT). */
export function formatDate(instant: string | Date): string {
  const clock = wallClock(instant);
  return clock === null ? String(instant) : clock.slice(0, 10).replaceAll('-', '/');
}

/** A YYYYMM month shown as 2025年4月. */
export function formatMonth(yyyymm: string): string {
  const match = /^(\d{4})(\d{2})$/.exec(yyyymm);
  if (!match) return yyyymm;
  return dayjs(`${match[1]}-${match[2]}-01`).format(MONTH_FORMAT);
}

/** A YYYY-MM-DD calendar day in another format (chart axes). */
export const formatDay = (isoDate: string, format: string): string => dayjs(isoDate).format(format);

/** Today as an Asia/Tokyo calendar day (YYYY-MM-DD). */
export const tokyoToday = (now: Date = new Date()): string => tokyoDate(now);

/** The current Asia/Tokyo month as YYYYMM. */
export const tokyoMonth = (now: Date = new Date()): string => tokyoMonthOf(now);

/** The last `days` Asia/Tokyo calendar days, oldest first, ending today. */
export function lastTokyoDays(days: number, now: Date = new Date()): string[] {
  const today = tokyoDate(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}
