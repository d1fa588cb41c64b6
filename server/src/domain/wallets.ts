import type { CallResponse } from '@coin/contract';
import type { Db } from '../db/connection';
import { notFound } from './errors';
import { SYSTEM_WALLETS } from './ledger';
import { tokyoPeriod } from './time';

/** How the service's own wallets appear as a counterparty. */
const SYSTEM_WALLET_LABELS: Record<string, string> = {
  [SYSTEM_WALLETS.issuer]: 'コイン発行元',
  [SYSTEM_WALLETS.fees]: '手数料',
  [SYSTEM_WALLETS.payouts]: '銀行振込',
};

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** Balances per coin, sorted by coin id. */
export async function getWallet(db: Db, walletNo: string): Promise<CallResponse<'getWallet'>> {
  const wallet = await db
    .selectFrom('wallets')
    .select('wallet_no')
    .where('wallet_no', '=', walletNo)
    .executeTakeFirst();
  if (!wallet) throw notFound();
  const balances = await db
    .selectFrom('wallet_balances as b')
    .innerJoin('coins as c', 'c.id', 'b.coin_id')
    .select(['c.id', 'c.name', 'b.amount', 'c.transferable', 'c.refundable'])
    .where('b.wallet_no', '=', walletNo)
    .orderBy('c.id')
    .execute();
  return {
    wallet_no: wallet.wallet_no,
    balances: balances.map((b) => ({ ...b, transferable: flag(b.transferable), refundable: flag(b.refundable) })),
  };
}

/** Ledger entries of the wallet in the inclusive Tokyo period, newest first; `offset` is a 1-based page. */
export async function walletHistories(
  db: Db,
  walletNo: string,
  query: { start_date: string; end_date: string; limit: number; offset: number },
): Promise<CallResponse<'listWalletHistories'>> {
  const { from, to } = tokyoPeriod(query.start_date, query.end_date);
  const inPeriod = db
    .selectFrom('entries')
    .where('wallet_no', '=', walletNo)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  // The page is cut from the history index first; only its rows are joined.
  const page = inPeriod
    .select(['id', 'transaction_id', 'created_at', 'coin_id', 'amount', 'balance_after', 'counterparty_wallet_no'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset((query.offset - 1) * query.limit);
  const [{ total }, rows] = await Promise.all([
    inPeriod.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    db
      .selectFrom(page.as('e'))
      .innerJoin('transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('coins as c', 'c.id', 'e.coin_id')
      .leftJoin('wallets as w', 'w.wallet_no', 'e.counterparty_wallet_no')
      .leftJoin('merchants as m', 'm.id', 'w.merchant_id')
      .select([
        'e.transaction_id',
        'e.created_at',
        't.type',
        'e.coin_id',
        'c.name as coin_name',
        'e.amount',
        'e.balance_after',
        'e.counterparty_wallet_no',
        'm.name as counterparty_merchant',
        't.comment',
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({
      transaction_id: row.transaction_id,
      created_at: row.created_at.toISOString(),
      type: row.type,
      coin_id: row.coin_id,
      coin_name: row.coin_name,
      amount: row.amount,
      balance: row.balance_after,
      counterparty:
        row.counterparty_merchant ??
        (row.counterparty_wallet_no
          ? (SYSTEM_WALLET_LABELS[row.counterparty_wallet_no] ?? row.counterparty_wallet_no)
          : null),
      comment: row.comment,
    })),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
  };
}

/** Refund amounts still REQUESTED by the merchant, summed per coin (id = coin id). */
export async function requestedRefunds(db: Db, merchantId: number): Promise<CallResponse<'listRequestedRefunds'>> {
  const rows = await db
    .selectFrom('refund_applications as r')
    .innerJoin('coins as c', 'c.id', 'r.coin_id')
    .select(['c.id', 'c.name', (eb) => eb.fn.sum<number>('r.amount').as('amount')])
    .where('r.merchant_id', '=', merchantId)
    .where('r.status', '=', 'REQUESTED')
    .groupBy(['c.id', 'c.name'])
    .orderBy('c.id')
    .execute();
  return { items: rows.map((row) => ({ id: row.id, name: row.name, amount: Number(row.amount) })) };
}
