import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database, TransactionType } from '../db/schema';
import { DomainError } from './errors';

/** The service's own wallets (created by the first migration). */
export const SYSTEM_WALLETS = {
  /** Issues coins: the only wallet whose balances may go below zero. */
  issuer: '9000000001',
  fees: '9000000002',
  payouts: '9000000003',
} as const;

export interface LedgerEntryInput {
  walletNo: string;
  coinId: number;
  /** Signed: positive in, negative out. */
  amount: number;
}

export interface PostTransactionInput {
  type: TransactionType;
  merchantId: number | null;
  entries: readonly LedgerEntryInput[];
  relatedTransactionId?: number | null;
  comment?: string | null;
  /** A retried request with the same key answers the first transaction and moves no money. */
  idempotencyKey?: string | null;
  at?: Date;
}

export interface PostedTransaction {
  transactionId: number;
  /** True when the idempotency key had already been used. */
  replayed: boolean;
}

/** Programming errors in a posting: never caused by user input, so they surface as 500. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

const keyOf = (walletNo: string, coinId: number) => `${walletNo}:${coinId}`;

export function assertBalanced(entries: readonly LedgerEntryInput[]): void {
  if (entries.length < 2) throw new LedgerInvariantError('a transaction needs at least two entries');
  const sums = new Map<number, number>();
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new LedgerInvariantError(`entry amount must be a non-zero integer (got ${entry.amount})`);
    }
    sums.set(entry.coinId, (sums.get(entry.coinId) ?? 0) + entry.amount);
  }
  for (const [coinId, sum] of sums) {
    if (sum !== 0) throw new LedgerInvariantError(`entries of coin ${coinId} sum to ${sum}, not zero`);
  }
}

/** The wallet on the other side of an entry: the largest opposite-signed entry of the same coin. */
export function counterpartyOf(entry: LedgerEntryInput, entries: readonly LedgerEntryInput[]): string | null {
  let best: LedgerEntryInput | null = null;
  for (const other of entries) {
    if (other.coinId !== entry.coinId || other.walletNo === entry.walletNo) continue;
    if (Math.sign(other.amount) === Math.sign(entry.amount)) continue;
    if (!best || Math.abs(other.amount) > Math.abs(best.amount)) best = other;
  }
  return best?.walletNo ?? null;
}

/**
 * How far before a wallet's latest entry a posting's time may be and still be taken (moved up to that
 * entry): concurrent requests, batch runs and several instances' clocks; beyond it, back-dating.
 */
export const MAX_POSTING_LAG_MS = 10 * 60 * 1000;

/**
 * Moves money: one transaction whose entries sum to zero per coin.
 * Balances are locked FOR UPDATE in (wallet_no, coin_id) order so concurrent postings cannot deadlock;
 * an overdraft is refused by the wallet_balances CHECK constraint (the HTTP layer answers 422). A time
 * (`at`) before the latest entry of one of its wallets and coins is moved up to that entry, or refused
 * as a conflict (409) when it lies more than MAX_POSTING_LAG_MS before it (back-dating).
 * Must run inside a database transaction.
 */
export async function postTransaction(
  trx: Transaction<Database>,
  input: PostTransactionInput,
): Promise<PostedTransaction> {
  assertBalanced(input.entries);

  if (input.idempotencyKey) {
    const existing = await trx
      .selectFrom('transactions')
      .select('id')
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (existing) return { transactionId: existing.id, replayed: true };
  }

  const keys = [...new Map(input.entries.map((e) => [keyOf(e.walletNo, e.coinId), e])).values()]
    .map((e) => ({ walletNo: e.walletNo, coinId: e.coinId }))
    .sort((a, b) => (a.walletNo === b.walletNo ? a.coinId - b.coinId : a.walletNo < b.walletNo ? -1 : 1));

  // A wallet's first entry in a coin opens its balance row.
  await trx
    .insertInto('wallet_balances')
    .values(
      keys.map((k) => ({
        wallet_no: k.walletNo,
        coin_id: k.coinId,
        amount: 0,
        allow_negative: k.walletNo === SYSTEM_WALLETS.issuer,
      })),
    )
    .onConflict((oc) => oc.columns(['wallet_no', 'coin_id']).doNothing())
    .execute();

  const locked = await trx
    .selectFrom('wallet_balances')
    .select(['wallet_no', 'coin_id', 'amount'])
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('wallet_no', '=', k.walletNo), eb('coin_id', '=', k.coinId)]))))
    .orderBy('wallet_no')
    .orderBy('coin_id')
    .forUpdate()
    .execute();
  const balances = new Map(locked.map((row) => [keyOf(row.wallet_no, row.coin_id), row.amount]));

  // Running balances follow (created_at, id), so no entry may be dated before a wallet's latest one
  // (it would land among entries whose balances leave it out). With the balances locked, the latest
  // entries of the posting's wallets are final: a time up to MAX_POSTING_LAG_MS before them (a caller's
  // "now" taken before it waited for the locks, a batch run's start, another instance's clock) is
  // moved up to the latest entry; an earlier one is a back-dated posting and is refused (409, below).
  const requested = input.at ?? new Date();
  let latest = 0;
  for (const key of keys) {
    const row = await trx
      .selectFrom('entries')
      .select('created_at')
      .where('wallet_no', '=', key.walletNo)
      .where('coin_id', '=', key.coinId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) latest = Math.max(latest, row.created_at.getTime());
  }
  const backdated = requested.getTime() < latest - MAX_POSTING_LAG_MS;
  const at = requested.getTime() < latest ? new Date(latest) : requested;
  const { id: transactionId } = await trx
    .insertInto('transactions')
    .values({
      type: input.type,
      merchant_id: input.merchantId,
      related_transaction_id: input.relatedTransactionId ?? null,
      comment: input.comment ?? null,
      idempotency_key: input.idempotencyKey ?? null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const rows = input.entries.map((entry) => {
    const key = keyOf(entry.walletNo, entry.coinId);
    const after = (balances.get(key) ?? 0) + entry.amount;
    balances.set(key, after);
    return {
      transaction_id: transactionId,
      wallet_no: entry.walletNo,
      coin_id: entry.coinId,
      amount: entry.amount,
      balance_after: after,
      counterparty_wallet_no: counterpartyOf(entry, input.entries),
      type: input.type,
      commented: input.comment != null,
      created_at: at,
    };
  });
  await trx.insertInto('entries').values(rows).execute();

  for (const key of keys) {
    await trx
      .updateTable('wallet_balances')
      .set({ amount: balances.get(keyOf(key.walletNo, key.coinId)) ?? 0, updated_at: sql`now()` })
      .where('wallet_no', '=', key.walletNo)
      .where('coin_id', '=', key.coinId)
      .execute();
  }

  // Checked last, so that an overdraft answers first; the caller's transaction rolls back.
  if (backdated) throw new DomainError('conflict');
  return { transactionId, replayed: false };
}

/** The wallet_balances CHECK that refuses an overdraft (its SQLSTATE is 23514). */
const OVERDRAFT_CONSTRAINT = 'wallet_balances_no_overdraft';

/** True when a database error is the refusal of an overdraft by wallet_balances' CHECK. */
export function isOverdraft(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return typeof e === 'object' && e !== null && e.code === '23514' && e.constraint === OVERDRAFT_CONSTRAINT;
}

/**
 * Posts a transaction and answers an overdraft as a business refusal (422) in the caller's words
 * (whose balance fell short); answers the new transaction's id. Other errors pass through.
 */
export async function postOrRefuse(
  trx: Transaction<Database>,
  input: PostTransactionInput,
  insufficientMessage: string,
): Promise<number> {
  let posted: PostedTransaction;
  try {
    posted = await postTransaction(trx, input);
  } catch (error) {
    if (isOverdraft(error)) throw new DomainError('unprocessable', insufficientMessage);
    throw error;
  }
  if (!posted.replayed) await refuseSpendingHeldFunds(trx, input.entries, insufficientMessage);
  return posted.transactionId;
}

/**
 * Trust: what a merchant's refund applications still waiting (REQUESTED) will take from its wallet in a
 * coin, amount and fee: held for them, so nothing else spends it before the approval.
 */
export async function heldForRefunds(db: Db, walletNo: string, coinId: number): Promise<number> {
  return (await heldByCoin(db, walletNo, coinId)).get(coinId) ?? 0;
}

/** What a merchant wallet's waiting refund applications hold, per coin (one coin when given). */
export async function heldByCoin(db: Db, walletNo: string, coinId?: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('refund_applications as r')
    .innerJoin('merchants as m', 'm.id', 'r.merchant_id')
    .select(['r.coin_id', sql<string>`sum(r.amount + r.fee)`.as('held')])
    .where('m.wallet_no', '=', walletNo)
    .where('r.status', '=', 'REQUESTED')
    .$if(coinId !== undefined, (q) => q.where('r.coin_id', '=', coinId as number))
    .groupBy('r.coin_id')
    .execute();
  return new Map(rows.map((row) => [row.coin_id, Number(row.held)]));
}

/**
 * After a spend is posted (in its transaction, the balance rows locked): a wallet it took money from
 * must still cover what its refund applications hold, else the spend is refused and rolled back.
 */
async function refuseSpendingHeldFunds(
  trx: Transaction<Database>,
  entries: readonly { walletNo: string; coinId: number; amount: number }[],
  insufficientMessage: string,
): Promise<void> {
  const spent = new Map(entries.filter((e) => e.amount < 0).map((e) => [keyOf(e.walletNo, e.coinId), e]));
  for (const { walletNo, coinId } of spent.values()) {
    const held = await heldForRefunds(trx, walletNo, coinId);
    if (held === 0) continue;
    const balance = await trx
      .selectFrom('wallet_balances')
      .select('amount')
      .where('wallet_no', '=', walletNo)
      .where('coin_id', '=', coinId)
      .executeTakeFirstOrThrow();
    if (balance.amount < held) {
      throw new DomainError(
        'unprocessable',
        `${insufficientMessage}（返金申請中の${held.toLocaleString('ja-JP')}は、返金のために確保されています）`,
      );
    }
  }
}
