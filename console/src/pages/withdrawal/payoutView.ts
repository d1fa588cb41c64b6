import type { CallResponse, GroupPayoutTotal, MaskedAccount, NextPayout, Payout, PayoutStatus } from '@coin/contract';
import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import type { PayoutsQuery } from '@/api/payouts';
import { transactionRowSearch } from '@/components/transactionRowSearch';
import { DATE_FORMAT, formatDay } from '@/format';
import type { ListSearch } from '@/router/search';

export type PayoutSkip = CallResponse<'listPayouts'>['skipped'][number];

/** The call's query for the list's search: the closings that ended in the period, one page. */
export const payoutsQueryOf = (search: ListSearch): PayoutsQuery => ({
  start_date: search.from,
  end_date: search.to,
  limit: DEFAULT_PAGE_SIZE,
  offset: search.page,
});

/** Badge colours by payout status. */
export const PAYOUT_STATUS_COLORS: Readonly<Record<PayoutStatus, string>> = {
  SCHEDULED: 'blue',
  PAID: 'teal',
  FAILED: 'red',
};

/** A YYYY-MM-DD calendar day as 2026/12/10 and its weekday (木); calendar days carry no time zone. */
export const dayParts = (day: string): { date: string; weekday: string } => ({
  date: formatDay(day, DATE_FORMAT),
  weekday: formatDay(day, 'dd'),
});

/** A closing period's two calendar days, as shown: 2026/11/01 and 2026/11/30. */
export const periodParts = (period: { period_start: string; period_end: string }): { from: string; to: string } => ({
  from: formatDay(period.period_start, DATE_FORMAT),
  to: formatDay(period.period_end, DATE_FORMAT),
});

/** A masked account on one line: 「群馬 本店営業部 普通 ****1234」. */
export const accountLine = (account: MaskedAccount): string =>
  [account.bank_name, account.branch_name, account.account_type_label, account.number_masked]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');

export interface PayoutAlert {
  /** The next closing has no account to pay into. */
  missingAccount: boolean;
  /** The closings passed over that are listed (newest first), at most the limit. */
  skipped: PayoutSkip[];
  /** How many more were passed over than are listed. */
  moreSkipped: number;
}

/**
 * Whether the payout card warns, and about what: no account for the next closing, or closings the
 * payout run passed over. Null when there is nothing to warn about.
 */
export function payoutAlert(
  answer: { next: NextPayout | null; skipped: readonly PayoutSkip[] },
  maxSkipped = 5,
): PayoutAlert | null {
  const missingAccount = answer.next !== null && answer.next.account === null;
  if (!missingAccount && answer.skipped.length === 0) return null;
  const limit = Math.max(0, maxSkipped);
  return {
    missingAccount,
    skipped: answer.skipped.slice(0, limit),
    moreSkipped: Math.max(0, answer.skipped.length - limit),
  };
}

export type GroupTotalsRow = Omit<GroupPayoutTotal, 'merchant_id' | 'merchant_name'>;

/** The 合計 row of the group's per-merchant totals. */
export const groupTotalsRow = (merchants: readonly GroupPayoutTotal[]): GroupTotalsRow =>
  merchants.reduce<GroupTotalsRow>(
    (sum, merchant) => ({
      count: sum.count + merchant.count,
      gross_amount: sum.gross_amount + merchant.gross_amount,
      fee: sum.fee + merchant.fee,
      transfer_fee: sum.transfer_fee + merchant.transfer_fee,
      net_amount: sum.net_amount + merchant.net_amount,
    }),
    { count: 0, gross_amount: 0, fee: 0, transfer_fee: 0, net_amount: 0 },
  );

/** The transaction history's search that shows a payout's ledger transaction: its id, on the day it was posted. */
export const transactionSearchOf = (
  payout: Pick<Payout, 'transaction_id' | 'posted_at'>,
): { from: string; to: string; id: string } => {
  return transactionRowSearch(payout.transaction_id, payout.posted_at);
};
