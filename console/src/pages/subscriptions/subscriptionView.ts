import type { SubscriptionCycle, SubscriptionPlan, SubscriptionStatus } from '@coin/contract';
import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import type { SubscriptionsQuery } from '@/api/subscriptions';
import type { ListSearch } from '@/router/search';

/** Catalogue key of a subscription's status label (有効 / 停止 / 支払失敗). */
export const subscriptionStatusKey = (status: SubscriptionStatus) => `subscriptions.statuses.${status}` as const;

/** Catalogue key of a plan's cycle label (毎月 / 毎年). */
export const subscriptionCycleKey = (cycle: SubscriptionCycle) => `subscriptions.cycles.${cycle}` as const;

export const SUBSCRIPTION_STATUS_COLORS: Readonly<Record<SubscriptionStatus, string>> = {
  ACTIVE: 'teal',
  STOPPED: 'gray',
  PAYMENT_FAILED: 'red',
};

/** The call's query: the period (the plans' revenue months), the status filter and one page of subscribers. */
export const subscriptionsQueryOf = (
  search: ListSearch,
  status: SubscriptionStatus | undefined,
): SubscriptionsQuery => ({
  start_date: search.from,
  end_date: search.to,
  ...(status ? { status } : {}),
  limit: DEFAULT_PAGE_SIZE,
  offset: search.page,
});

/** Every calendar month a period of YYYY-MM-DD days touches, oldest first, as YYYYMM. */
export function monthsOfPeriod(from: string, to: string): string[] {
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let i = index(from); i <= index(to); i += 1) {
    months.push(`${Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

export type RevenueRow = SubscriptionPlan['monthly_revenue'][number];

export type Period = { from: string; to: string };

/**
 * A plan's revenue table: one row per month of the period, oldest first, a month without charges
 * showing 0 (the answer may leave it out); a month answered outside the period is kept, in order.
 * Without a period (the answer is still the previous period's), the answered months only.
 */
export function revenueRows(revenue: readonly RevenueRow[], period: Period | null): RevenueRow[] {
  const byMonth = new Map(revenue.map((row) => [row.month, row]));
  const months = new Set([...(period ? monthsOfPeriod(period.from, period.to) : []), ...byMonth.keys()]);
  return [...months].sort().map((month) => byMonth.get(month) ?? { month, amount: 0, count: 0 });
}

/** The 合計 row of a revenue table. */
export const revenueTotal = (rows: readonly RevenueRow[]): { amount: number; count: number } =>
  rows.reduce((sum, row) => ({ amount: sum.amount + row.amount, count: sum.count + row.count }), {
    amount: 0,
    count: 0,
  });

/** The other merchants of the session that do have subscriptions, by name (where the user can look instead). */
export const subscriptionMerchantNames = (
  merchants: readonly { merchant_id: number; name: string; allow_subscription: boolean }[],
  selectedId: number,
): string[] =>
  merchants.filter((entry) => entry.allow_subscription && entry.merchant_id !== selectedId).map((entry) => entry.name);
