import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import { postTransaction, SYSTEM_WALLETS } from './ledger';

// Test helpers of the refund tests (no test of their own).

export interface FreshPayment {
  id: number;
  amount: number;
  coinId: number;
  payerWalletNo: string;
}

/**
 * Payments into a merchant's wallet in one coin that nothing refunds or requests yet, newest first,
 * skipping `skip` of them (so tests sharing a database take different payments).
 */
export async function freshPayment(
  db: Db,
  options: { merchantId: number; coinId: number; minAmount?: number; skip?: number },
): Promise<FreshPayment> {
  const row = await db
    .selectFrom('transactions as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .innerJoin('entries as e', (join) =>
      join.onRef('e.transaction_id', '=', 't.id').onRef('e.wallet_no', '=', 'm.wallet_no').on('e.amount', '>', 0),
    )
    .select(['t.id', 'e.amount', 'e.coin_id', 'e.counterparty_wallet_no'])
    .where('t.type', '=', 'PAYMENT')
    .where('t.merchant_id', '=', options.merchantId)
    .where('e.coin_id', '=', options.coinId)
    .where('e.amount', '>=', options.minAmount ?? 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('refund_applications as r').select('r.id').whereRef('r.payment_transaction_id', '=', 't.id')),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('transactions as x').select('x.id').whereRef('x.related_transaction_id', '=', 't.id'))),
    )
    .orderBy('t.id', 'desc')
    .offset(options.skip ?? 0)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { id: row.id, amount: row.amount, coinId: row.coin_id, payerWalletNo: row.counterparty_wallet_no ?? '' };
}

export async function balanceOf(db: Db, walletNo: string, coinId: number): Promise<number> {
  const row = await db
    .selectFrom('wallet_balances')
    .select('amount')
    .where('wallet_no', '=', walletNo)
    .where('coin_id', '=', coinId)
    .executeTakeFirst();
  return row?.amount ?? 0;
}

export async function entrySum(db: Db, walletNo: string, coinId: number): Promise<number> {
  const row = await db
    .selectFrom('entries')
    .select((eb) => eb.fn.sum<number>('amount').as('sum'))
    .where('wallet_no', '=', walletNo)
    .where('coin_id', '=', coinId)
    .executeTakeFirstOrThrow();
  return Number(row.sum ?? 0);
}

/** Moves the wallet's balance of a coin down to `target` with a withdrawal (a real ledger posting). */
export async function drainTo(db: Db, walletNo: string, merchantId: number, coinId: number, target: number) {
  await settleBalance(db, walletNo, merchantId, coinId, target, { raise: false });
}

/**
 * Sets a wallet's balance of a coin to exactly `target`: the difference comes from the issuer (a reload)
 * or goes to the payouts wallet. A test that needs a balance makes it, whatever day the seed ran on.
 */
export async function settleBalance(
  db: Db,
  walletNo: string,
  merchantId: number,
  coinId: number,
  target: number,
  options: { raise?: boolean } = {},
) {
  await db.transaction().execute(async (trx) => {
    const current = await balanceOf(trx, walletNo, coinId);
    // `raise: false` (drainTo) only takes money away.
    if (current === target || (current < target && options.raise === false)) return;
    const other = current < target ? SYSTEM_WALLETS.issuer : SYSTEM_WALLETS.payouts;
    await postTransaction(trx, {
      type: current < target ? 'RELOAD' : 'WITHDRAWAL',
      merchantId,
      comment: 'test: settle the balance',
      entries: [
        { walletNo, coinId, amount: target - current },
        { walletNo: other, coinId, amount: current - target },
      ],
    });
  });
}

export interface RefundCall {
  walletNo: string;
  authorization: string;
  body: unknown;
  key?: string;
}

export function requestRefund(app: FastifyInstance, call: RefundCall, confirm = false) {
  return app.inject({
    method: 'POST',
    url: `/api/wallets/${call.walletNo}/refunds${confirm ? '/confirm' : ''}`,
    payload: call.body as object,
    headers: {
      authorization: call.authorization,
      ...(call.key !== undefined ? { 'idempotency-key': call.key } : {}),
    },
  });
}
