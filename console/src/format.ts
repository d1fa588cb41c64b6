import { BUSINESS_TIME_ZONE } from '@coin/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('ja');

const numberFormat = new Intl.NumberFormat('ja-JP');
const yenFormat = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });

export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';
export const DATE_FORMAT = 'YYYY/MM/DD';
export const MONTH_FORMAT = 'YYYY年M月';

/** Yen with the currency sign and thousands separators: ￥12,345. */
export const formatYen = (amount: number): string => yenFormat.format(amount);

/** Coin amounts (and counts) with thousands separators: 12,345. */
export const formatCoin = (amount: number): string => numberFormat.format(amount);

/** Basis points (1/100 %) as a percentage: 250 → "2.5". */
export const formatBasisPoints = (bp: number): string =>
  (bp / 100).toLocaleString('ja-JP', { maximumFractionDigits: 2 });

/** An instant shown as an Asia/Tokyo date-time: 2025/04/01 09:30. */
export const formatDateTime = (instant: string | Date): string =>
  dayjs(instant).tz(BUSINESS_TIME_ZONE).format(DATE_TIME_FORMAT);

/** An instant shown as an Asia/Tokyo calendar day: 2025/04/01. */
export const formatDate = (instant: string | Date): string => dayjs(instant).tz(BUSINESS_TIME_ZONE).format(DATE_FORMAT);

/** A YYYYMM month shown as 2025年4月. */
export function formatMonth(yyyymm: string): string {
  const match = /^(\d{4})(\d{2})$/.exec(yyyymm);
  if (!match) return yyyymm;
  return dayjs(`${match[1]}-${match[2]}-01`).format(MONTH_FORMAT);
}

/** A YYYY-MM-DD calendar day in another format (chart axes). */
export const formatDay = (isoDate: string, format: string): string => dayjs(isoDate).format(format);

/** Today as an Asia/Tokyo calendar day (YYYY-MM-DD). */
export const tokyoToday = (now: Date = new Date()): string => dayjs(now).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD');

/** The current Asia/Tokyo month as YYYYMM. */
export const tokyoMonth = (now: Date = new Date()): string => dayjs(now).tz(BUSINESS_TIME_ZONE).format('YYYYMM');

/** The last `days` Asia/Tokyo calendar days, oldest first, ending today. */
export function lastTokyoDays(days: number, now: Date = new Date()): string[] {
  const today = dayjs(tokyoToday(now));
  return Array.from({ length: days }, (_, i) => today.subtract(days - 1 - i, 'day').format('YYYY-MM-DD'));
}
