import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { COINS, DEMO_MERCHANTS, MERCHANT_LIST } from './accounts';
import { simulateDemo } from './core/simulate';

/**
 * The demo's 13 months of business, played in memory (core/) and written in bulk: the transactions
 * and entries, the monthly fee summaries, the wallet balances and the refund applications.
 */

export interface BusinessSummary {
  transactions: number;
  entries: number;
  /** History rows of 本店's wallet. */
  mainWalletEntries: number;
}

export async function insertBusiness(trx: Transaction<Database>, { now }: { now: Date }): Promise<BusinessSummary> {
  const { ledger, summaries, refundApplications } = simulateDemo(now);
  await ledger.flush(trx);
  await trx.insertInto('monthly_fee_summaries').values(summaries).execute();

  // Balances are the sums of the entries; merchants hold a row for every coin.
  const balanceRows = new Map<
    string,
    { wallet_no: string; coin_id: number; amount: number; allow_negative: boolean }
  >();
  for (const m of MERCHANT_LIST) {
    for (const c of COINS)
      balanceRows.set(`${m.walletNo}:${c.id}`, {
        wallet_no: m.walletNo,
        coin_id: c.id,
        amount: 0,
        allow_negative: false,
      });
  }
  for (const [key, amount] of ledger.balances) {
    const [walletNo = '', coinId = '0'] = key.split(':');
    balanceRows.set(key, {
      wallet_no: walletNo,
      coin_id: Number(coinId),
      amount,
      allow_negative: walletNo === SYSTEM_WALLETS.issuer,
    });
  }
  await trx
    .insertInto('wallet_balances')
    .values([...balanceRows.values()])
    .execute();

  if (refundApplications.length > 0) await trx.insertInto('refund_applications').values(refundApplications).execute();
  return {
    transactions: ledger.tx.id.length,
    entries: ledger.entry.id.length,
    mainWalletEntries: ledger.entry.walletNo.filter((w) => w === DEMO_MERCHANTS.main.walletNo).length,
  };
}
