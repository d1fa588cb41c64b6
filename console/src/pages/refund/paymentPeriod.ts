import { tokyoDay } from '@/router/search';

const DAY_MS = 86_400_000;

/** The payments offered for a refund by default: the last `days` Asia/Tokyo days, today included. */
export function recentPeriod(days: number, now: Date = new Date()): { from: string; to: string } {
  return { from: tokyoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: tokyoDay(now) };
}
