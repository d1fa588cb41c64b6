import { tokyoToday } from '@/format';

/**
 * The transaction history's search (`/transaction`) that shows one ledger transaction's row: its id
 * within the Asia/Tokyo day it was posted. Pages link payouts, rebates and charges to their rows with it.
 */
export function transactionRowSearch(
  transactionId: number,
  postedAt: string,
): { id: string; from: string; to: string } {
  const day = tokyoToday(new Date(postedAt));
  return { id: String(transactionId), from: day, to: day };
}
