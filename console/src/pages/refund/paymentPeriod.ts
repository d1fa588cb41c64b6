import { tokyoDay } from '@/router/search';

const DAY_MS = 86_400_000;

/** The payments offered for a refund by default: the last `days` Asia/Tokyo days, today included. */
export function recentPeriod(days: number, now: Date = new Date()): { from: string; to: string } {
  return { from: tokyoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: tokyoDay(now) };
}

/** What the console checks before asking the server (which re-checks everything). */
export function refundAmountProblem(amount: number | string, paymentAmount: number): 'required' | 'over' | null {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isInteger(value) || value < 1) return 'required';
  if (value > paymentAmount) return 'over';
  return null;
}
