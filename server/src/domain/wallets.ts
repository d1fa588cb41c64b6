import type { CallResponse } from '@coin/contract';
import type { Db } from '../db/connection';
import { notFound } from './errors';
import { heldByCoin } from './ledger';

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** Balances per coin, sorted by coin id. */
export async function getWallet(db: Db, walletNo: string): Promise<CallResponse<'getWallet'>> {
  const wallet = await db
    .selectFrom('wallets')
    .select('wallet_no')
    .where('wallet_no', '=', walletNo)
    .executeTakeFirst();
  if (!wallet) throw notFound();
  const [balances, held] = await Promise.all([
    db
      .selectFrom('wallet_balances as b')
      .innerJoin('coins as c', 'c.id', 'b.coin_id')
      .select(['c.id', 'c.name', 'b.amount', 'c.transferable', 'c.refundable'])
      .where('b.wallet_no', '=', walletNo)
      .orderBy('c.id')
      .execute(),
    // What the merchant's waiting refund applications hold, per coin.
    heldByCoin(db, walletNo),
  ]);
  return {
    wallet_no: wallet.wallet_no,
    balances: balances.map((b) => ({
      ...b,
      transferable: flag(b.transferable),
      refundable: flag(b.refundable),
      held: held.get(b.id) ?? 0,
    })),
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

/** A customer's wallet (not a merchant's or the service's): its number, or not found with `message`. */
export async function customerWalletOf(db: Db, walletNo: string, message: string): Promise<string> {
  const wallet = await db
    .selectFrom('wallets')
    .select('wallet_no')
    .where('wallet_no', '=', walletNo)
    .where('owner_type', '=', 'customer')
    .executeTakeFirst();
  if (!wallet) throw notFound(message);
  return wallet.wallet_no;
}
