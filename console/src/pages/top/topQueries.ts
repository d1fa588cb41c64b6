import { merchantQueries } from '@/api/merchants';
import { noticeQueries } from '@/api/notices';
import { walletQueries } from '@/api/wallets';
import { tokyoMonth } from '@/format';
import type { PageQueries } from '@/router/pageData';

/**
 * The dashboard cards' queries, prefetched by the Top route's loader (router/pageData.ts) with the same
 * queryOptions the cards call. Not the sales chart's: its period is the card's own (last 30 days).
 */
export const topQueries: PageQueries = (merchant) => [
  merchantQueries.setupProgress(merchant.merchant_id),
  merchantQueries.salesSummary(merchant.merchant_id),
  walletQueries.detail(merchant.wallet_no),
  merchantQueries.latestPayment(merchant.merchant_id),
  walletQueries.requestedRefunds(merchant.wallet_no),
  merchantQueries.summarizedTxFees(merchant.merchant_id, tokyoMonth()),
  noticeQueries.list(),
];
