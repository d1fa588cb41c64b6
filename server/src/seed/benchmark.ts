import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { Random } from '../db/random';
import { SYSTEM_WALLETS } from '../domain/ledger';
import { COIN, DEMO_MERCHANTS } from './accounts';
import { DAY, MINUTE } from './calendar';
import { LedgerBuffer, resetSequence } from './core/ledgerBuffer';
import { PRICES } from './core/sales';
import { DEMO_SEED } from './core/simulation';

/**
 * Adds `count` payments to 本店 spread over the past 13 months (for benchmarks). Each paying customer is
 * funded first by one issuer reload dated before the demo starts, then every running balance of the
 * touched wallets is recomputed from the entries, so the ledger stays exact. Run with the server stopped.
 */
export async function addBenchmarkPayments(
  db: Db,
  count: number,
  options: { now?: Date; onProgress?: (done: number) => void } = {},
): Promise<{ transactions: number; ms: number }> {
  const started = Date.now();
  const nowMs = (options.now ?? new Date()).getTime();
  const random = new Random(DEMO_SEED + count);
  const main = DEMO_MERCHANTS.main;
  const coinId = COIN.coin;

  const transactions = await db.transaction().execute(async (trx) => {
    const customers = (
      await trx
        .selectFrom('wallets')
        .select('wallet_no')
        .where('owner_type', '=', 'customer')
        .orderBy('wallet_no')
        .execute()
    ).map((w) => w.wallet_no);
    if (customers.length === 0) throw new Error('no customer wallets: seed the demo first');
    const ids = await sql<{ tx: number; entry: number }>`select
        coalesce((select max(id) from transactions), 0) + 1 as tx,
        coalesce((select max(id) from entries), 0) + 1 as entry`.execute(trx);
    const first = ids.rows[0];
    if (!first) throw new Error('could not read the next ids');

    const span = 396 * DAY;
    const times = new Float64Array(count);
    for (let i = 0; i < count; i++) times[i] = nowMs - MINUTE - Math.floor(random.next() * span);
    times.sort();
    const payer = new Int32Array(count);
    const amounts = new Int32Array(count);
    const totals = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      payer[i] = random.int(0, customers.length - 1);
      amounts[i] = random.pick(PRICES);
      const walletNo = customers[payer[i] ?? 0] ?? '';
      totals.set(walletNo, (totals.get(walletNo) ?? 0) + (amounts[i] ?? 0));
    }

    let buffer = new LedgerBuffer(first.tx, first.entry, false);
    const fundAt = nowMs - span - DAY;
    for (const [walletNo, total] of totals) {
      buffer.post(
        'RELOAD',
        null,
        fundAt,
        [
          { walletNo: SYSTEM_WALLETS.issuer, coinId, amount: -total },
          { walletNo, coinId, amount: total },
        ],
        { comment: 'チャージ（銀行口座）' },
      );
    }
    const CHUNK = 50_000;
    for (let start = 0; start < count; start += CHUNK) {
      for (let i = start; i < Math.min(count, start + CHUNK); i++) {
        const amount = amounts[i] ?? 0;
        buffer.post('PAYMENT', main.id, times[i] ?? nowMs, [
          { walletNo: customers[payer[i] ?? 0] ?? '', coinId, amount: -amount },
          { walletNo: main.walletNo, coinId, amount },
        ]);
      }
      await buffer.flush(trx);
      options.onProgress?.(Math.min(count, start + CHUNK));
      const next = buffer.nextIds;
      buffer = new LedgerBuffer(next.transaction, next.entry, false);
    }
    if (count === 0) await buffer.flush(trx);

    // Running balances and stored balances of every touched wallet, recomputed from the entries.
    const touched = [main.walletNo, SYSTEM_WALLETS.issuer, ...totals.keys()];
    await trx
      .insertInto('wallet_balances')
      .values(
        touched.map((walletNo) => ({
          wallet_no: walletNo,
          coin_id: coinId,
          amount: 0,
          allow_negative: walletNo === SYSTEM_WALLETS.issuer,
        })),
      )
      .onConflict((oc) => oc.columns(['wallet_no', 'coin_id']).doNothing())
      .execute();
    await sql`update entries e set balance_after = r.running
      from (select id, sum(amount) over (partition by wallet_no order by created_at, id) as running
            from entries where coin_id = ${coinId} and wallet_no = any(${touched}::char(10)[])) r
      where e.id = r.id and e.balance_after <> r.running`.execute(trx);
    await sql`update wallet_balances b set amount = s.total, updated_at = now()
      from (select wallet_no, sum(amount) as total from entries
            where coin_id = ${coinId} and wallet_no = any(${touched}::char(10)[]) group by wallet_no) s
      where b.wallet_no = s.wallet_no and b.coin_id = ${coinId}`.execute(trx);
    await resetSequence(trx, 'transactions');
    await resetSequence(trx, 'entries');
    return count + totals.size;
  });
  // Outside the transaction: VACUUM sets the visibility map (index-only counts), ANALYZE the statistics.
  await sql`vacuum analyze entries, transactions, wallet_balances`.execute(db);
  return { transactions, ms: Date.now() - started };
}
