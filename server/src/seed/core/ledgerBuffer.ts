import { sql, type Transaction } from 'kysely';
import type { Database, TransactionType } from '../../db/schema';
import { assertBalanced, type LedgerEntryInput, SYSTEM_WALLETS } from '../../domain/ledger';

/** An in-memory ledger that produces rows for bulk insertion. */

type Trx = Transaction<Database>;

interface PostOptions {
  relatedTransactionId?: number | null;
  comment?: string | null;
}

/**
 * Applies the ledger rules (entries sum to zero per coin, only the issuer goes negative, balance_after
 * is the running balance) in memory, in time order, and keeps the rows column by column for `unnest`.
 */
export class LedgerBuffer {
  readonly balances = new Map<string, number>();
  readonly tx = {
    id: [] as number[],
    type: [] as string[],
    merchantId: [] as (number | null)[],
    relatedId: [] as (number | null)[],
    comment: [] as (string | null)[],
    createdAt: [] as string[],
  };
  readonly entry = {
    id: [] as number[],
    transactionId: [] as number[],
    walletNo: [] as string[],
    coinId: [] as number[],
    amount: [] as number[],
    balanceAfter: [] as number[],
    counterparty: [] as (string | null)[],
    createdAt: [] as string[],
    /** Copies of the transaction's type and whether it has a comment (migration 0005). */
    type: [] as string[],
    commented: [] as boolean[],
  };
  #lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private nextTransactionId: number,
    private nextEntryId: number,
    /** Off when the caller recomputes balances from the stored entries afterwards. */
    private readonly enforceNonNegative = true,
  ) {}

  get nextIds(): { transaction: number; entry: number } {
    return { transaction: this.nextTransactionId, entry: this.nextEntryId };
  }

  get lastAt(): number {
    return this.#lastAt;
  }

  balance(walletNo: string, coinId: number): number {
    return this.balances.get(`${walletNo}:${coinId}`) ?? 0;
  }

  /** Posts a transaction at `at` (never earlier than the previous one); null when a balance would go negative. */
  post(
    type: TransactionType,
    merchantId: number | null,
    at: number,
    legs: LedgerEntryInput[],
    options: PostOptions = {},
  ): number | null {
    assertBalanced(legs);
    if (at < this.#lastAt) throw new Error('ledger buffer: postings must come in time order');
    for (const leg of legs) {
      if (!this.enforceNonNegative || leg.walletNo === SYSTEM_WALLETS.issuer) continue;
      if (this.balance(leg.walletNo, leg.coinId) + leg.amount < 0) return null;
    }
    this.#lastAt = at;
    const id = this.nextTransactionId++;
    const createdAt = new Date(at).toISOString();
    this.tx.id.push(id);
    this.tx.type.push(type);
    this.tx.merchantId.push(merchantId);
    this.tx.relatedId.push(options.relatedTransactionId ?? null);
    this.tx.comment.push(options.comment ?? null);
    this.tx.createdAt.push(createdAt);
    for (const leg of legs) {
      const key = `${leg.walletNo}:${leg.coinId}`;
      const after = (this.balances.get(key) ?? 0) + leg.amount;
      this.balances.set(key, after);
      const other = legs
        .filter(
          (o) =>
            o.coinId === leg.coinId && o.walletNo !== leg.walletNo && Math.sign(o.amount) !== Math.sign(leg.amount),
        )
        .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0];
      this.entry.id.push(this.nextEntryId++);
      this.entry.transactionId.push(id);
      this.entry.walletNo.push(leg.walletNo);
      this.entry.coinId.push(leg.coinId);
      this.entry.amount.push(leg.amount);
      this.entry.balanceAfter.push(after);
      this.entry.counterparty.push(other?.walletNo ?? null);
      this.entry.createdAt.push(createdAt);
      this.entry.type.push(type);
      this.entry.commented.push(options.comment != null);
    }
    return id;
  }

  /** Writes the buffered transactions and entries in large batches. */
  async flush(trx: Trx, chunkSize = 10_000): Promise<void> {
    const t = this.tx;
    for (let i = 0; i < t.id.length; i += chunkSize) {
      const s = (a: unknown[]) => a.slice(i, i + chunkSize);
      await sql`insert into transactions (id, type, merchant_id, related_transaction_id, comment, created_at)
        select * from unnest(${s(t.id)}::bigint[], ${s(t.type)}::text[], ${s(t.merchantId)}::int[],
          ${s(t.relatedId)}::bigint[], ${s(t.comment)}::text[], ${s(t.createdAt)}::timestamptz[])`.execute(trx);
    }
    const e = this.entry;
    for (let i = 0; i < e.id.length; i += chunkSize) {
      const s = (a: unknown[]) => a.slice(i, i + chunkSize);
      await sql`insert into entries (id, transaction_id, wallet_no, coin_id, amount, balance_after, counterparty_wallet_no,
          created_at, type, commented)
        select * from unnest(${s(e.id)}::bigint[], ${s(e.transactionId)}::bigint[], ${s(e.walletNo)}::text[],
          ${s(e.coinId)}::int[], ${s(e.amount)}::bigint[], ${s(e.balanceAfter)}::bigint[],
          ${s(e.counterparty)}::text[], ${s(e.createdAt)}::timestamptz[], ${s(e.type)}::text[],
          ${s(e.commented)}::boolean[])`.execute(trx);
    }
  }
}

/** Moves a table's id sequence past the ids written explicitly (bulk rows carry their own ids). */
export async function resetSequence(trx: Trx, table: keyof Database): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
    trx,
  );
}
