import type { Db } from '../db/connection';
import { assertBalanced, counterpartyOf, type PostTransactionInput, SYSTEM_WALLETS } from '../domain/ledger';

/**
 * A transaction in the history as if it had been posted at `at`, before entries already stored: the
 * ledger refuses such a time (running balances follow time), so tests that need rows on a past day write
 * them here. Its entries take the running balance of their wallet and coin at `at`; the later entries of
 * that wallet and coin, and the stored balance, move by its amounts — every ledger invariant still holds.
 * For tests only. Answers the transaction's id.
 */
export async function insertPastTransaction(
  db: Db,
  input: Omit<PostTransactionInput, 'idempotencyKey' | 'at'> & { at: Date },
): Promise<number> {
  assertBalanced(input.entries);
  const { at } = input;
  return db.transaction().execute(async (trx) => {
    const { id: transactionId } = await trx
      .insertInto('transactions')
      .values({
        type: input.type,
        merchant_id: input.merchantId,
        related_transaction_id: input.relatedTransactionId ?? null,
        comment: input.comment ?? null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // One at a time: an entry of the same wallet and coin in this transaction follows the one before it.
    for (const entry of input.entries) {
      const before = await trx
        .selectFrom('entries')
        .select('balance_after')
        .where('wallet_no', '=', entry.walletNo)
        .where('coin_id', '=', entry.coinId)
        .where('created_at', '<=', at)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      await trx
        .insertInto('entries')
        .values({
          transaction_id: transactionId,
          wallet_no: entry.walletNo,
          coin_id: entry.coinId,
          amount: entry.amount,
          balance_after: (before?.balance_after ?? 0) + entry.amount,
          counterparty_wallet_no: counterpartyOf(entry, input.entries),
          type: input.type,
          commented: input.comment != null,
          created_at: at,
        })
        .execute();
      await trx
        .updateTable('entries')
        .set((eb) => ({ balance_after: eb('balance_after', '+', entry.amount) }))
        .where('wallet_no', '=', entry.walletNo)
        .where('coin_id', '=', entry.coinId)
        .where('created_at', '>', at)
        .execute();
      // The balance row's CHECK refuses an overdraft now; the entries' running balances, at any time.
      await trx
        .insertInto('wallet_balances')
        .values({
          wallet_no: entry.walletNo,
          coin_id: entry.coinId,
          amount: 0,
          allow_negative: entry.walletNo === SYSTEM_WALLETS.issuer,
        })
        .onConflict((oc) => oc.columns(['wallet_no', 'coin_id']).doNothing())
        .execute();
      await trx
        .updateTable('wallet_balances')
        .set((eb) => ({ amount: eb('amount', '+', entry.amount) }))
        .where('wallet_no', '=', entry.walletNo)
        .where('coin_id', '=', entry.coinId)
        .execute();
      if (entry.walletNo !== SYSTEM_WALLETS.issuer) {
        const negative = await trx
          .selectFrom('entries')
          .select('id')
          .where('wallet_no', '=', entry.walletNo)
          .where('coin_id', '=', entry.coinId)
          .where('created_at', '>=', at)
          .where('balance_after', '<', 0)
          .limit(1)
          .executeTakeFirst();
        if (negative) throw new Error(`wallet ${entry.walletNo} would go below zero after ${at.toISOString()}`);
      }
    }
    return transactionId;
  });
}
