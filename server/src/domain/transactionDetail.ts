import type { TransactionDetail } from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { balanceAt, counterpartyLabel } from './histories';
import { SYSTEM_WALLETS } from './ledger';
import { refundableRemainingOf } from './refunds';

/**
 * One transaction of the wallet (GET /wallets/{wallet_no}/balance/{transaction_id}): the wallet's
 * entries of it, the fees it paid for it, every coin's balance right after it and, for a payment into
 * the wallet in a refundable coin, what is left to refund. Not found unless the transaction touched
 * the wallet.
 */
export async function transactionDetail(db: Db, walletNo: string, transactionId: number): Promise<TransactionDetail> {
  const balances = await balanceAt(db, walletNo, transactionId);
  const [entries, included, charged, remaining] = await Promise.all([
    db
      .selectFrom('entries as e')
      .innerJoin('coins as c', 'c.id', 'e.coin_id')
      .leftJoin('wallets as w', 'w.wallet_no', 'e.counterparty_wallet_no')
      .leftJoin('merchants as m', 'm.id', 'w.merchant_id')
      .select([
        'e.coin_id',
        'c.name as coin_name',
        'e.amount',
        'e.balance_after',
        'e.counterparty_wallet_no',
        'm.name as counterparty_merchant',
      ])
      .where('e.wallet_no', '=', walletNo)
      .where('e.transaction_id', '=', transactionId)
      .orderBy('e.coin_id')
      .orderBy('e.id')
      .execute(),
    // What the service's fee wallet took in the transaction, in the coins the wallet paid out: part of the
    // wallet's amount (a payment to another merchant, a payout). A FEE transaction is all fee: its amount.
    balances.type === 'FEE' || walletNo === SYSTEM_WALLETS.fees
      ? { amount: 0 }
      : db
          .selectFrom('entries as f')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('f.amount'), sql<number>`0`).as('amount'))
          .where('f.transaction_id', '=', transactionId)
          .where('f.wallet_no', '=', SYSTEM_WALLETS.fees)
          .where('f.amount', '>', 0)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('entries as w')
                .select('w.id')
                .whereRef('w.transaction_id', '=', 'f.transaction_id')
                .whereRef('w.coin_id', '=', 'f.coin_id')
                .where('w.wallet_no', '=', walletNo)
                .where('w.amount', '<', 0),
            ),
          )
          .executeTakeFirstOrThrow(),
    // Fees charged for the transaction as transactions of their own (a refund's fee); negative.
    db
      .selectFrom('transactions as f')
      .innerJoin('entries as e', 'e.transaction_id', 'f.id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('e.amount'), sql<number>`0`).as('amount'))
      .where('f.related_transaction_id', '=', transactionId)
      .where('f.type', '=', 'FEE')
      .where('e.wallet_no', '=', walletNo)
      .executeTakeFirstOrThrow(),
    balances.type === 'PAYMENT' ? refundableRemainingOf(db, walletNo, [transactionId]) : new Map<number, number>(),
  ]);
  return {
    ...balances,
    entries: entries.map((row) => ({
      coin_id: row.coin_id,
      coin_name: row.coin_name,
      amount: row.amount,
      balance: row.balance_after,
      counterparty: counterpartyLabel(row.counterparty_wallet_no, row.counterparty_merchant),
    })),
    fee_included: Number(included.amount),
    fee_charged: -Number(charged.amount),
    refundable_remaining: remaining.get(transactionId) ?? null,
  };
}
