import { tokyoDay } from '@/router/search';

/** Rebates are paid once a month: the quick period covers this many months, this one included. */
export const RECENT_MONTHS = 12;

/**
 * The last `months` Asia/Tokyo calendar months: from the first day of the month `months - 1` before
 * this one, to today.
 */
export function recentMonths(months: number, now: Date = new Date()): { from: string; to: string } {
  const today = tokyoDay(now);
  const index = Number(today.slice(0, 4)) * 12 + (Number(today.slice(5, 7)) - 1) - (months - 1);
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { from: `${year}-${String(month).padStart(2, '0')}-01`, to: today };
}
