import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, tokyoDay } from '../testing/harness';
import { insertPastTransaction } from '../testing/pastPosting';
import { txFeeBatches } from './fees';
import { historyBatches } from './histories';
import { SYSTEM_WALLETS } from './ledger';
import { refundApplicationBatches } from './reports';

/**
 * Keyset batches (the CSV downloads) over rows stored within one millisecond: a cursor cut to the
 * millisecond would skip the rows stored later within it. Batches of 2 put cursors between them.
 */

const DAY = tokyoDay(-2);
const ROWS = 7;

async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
}

describeEachDatabase('keyset batches', (env) => {
  const posted: number[] = [];

  beforeAll(async () => {
    const { db } = env();
    const at = new Date(`${DAY}T15:00:00.123+09:00`);
    for (let i = 0; i < ROWS; i++) {
      const transactionId = await insertPastTransaction(db, {
        type: 'PAYMENT',
        merchantId: DEMO.mainMerchantId,
        entries: [
          { walletNo: SYSTEM_WALLETS.issuer, coinId: 1, amount: -(100 + i) },
          { walletNo: DEMO.mainWalletNo, coinId: 1, amount: 100 + i },
        ],
        at,
      });
      posted.push(transactionId);
    }
    // The same millisecond, microseconds against the id order: the later the id, the earlier the instant.
    for (const [i, id] of posted.entries()) {
      const shift = sql`interval '1 microsecond' * ${ROWS - i}`;
      await sql`update transactions set created_at = created_at + ${shift} where id = ${id}`.execute(db);
      await sql`update entries set created_at = created_at + ${shift} where transaction_id = ${id}`.execute(db);
      await sql`insert into refund_applications (merchant_id, wallet_no, payment_transaction_id, coin_id, amount, status, created_at)
        values (${DEMO.mainMerchantId}, ${DEMO.mainWalletNo}, ${id}, 1, 1, 'REQUESTED', ${at}::timestamptz + ${shift})`.execute(
        db,
      );
    }
  });

  const period = () => ({ startDate: DAY, endDate: DAY });

  it('gives every history row of the period once, in order', async () => {
    const filter = { walletNo: DEMO.mainWalletNo, ...period() };
    const whole = await collect(historyBatches(env().db, filter, 'histories', 10_000));
    const batched = await collect(historyBatches(env().db, filter, 'histories', 2));
    // A row's cells begin with its transaction id.
    expect(batched).toEqual(whole);
    expect(batched.map((cells) => cells[0])).toEqual(expect.arrayContaining(posted));
  });

  it('gives every transaction fee of the period once, in order', async () => {
    const filter = { merchantId: DEMO.mainMerchantId, ...period(), type: 'PAYMENT' as const };
    const whole = await collect(txFeeBatches(env().db, filter, 10_000));
    const batched = await collect(txFeeBatches(env().db, filter, 2));
    expect(batched.map((r) => r.transaction_id)).toEqual(whole.map((r) => r.transaction_id));
    expect(batched.map((r) => r.transaction_id)).toEqual(expect.arrayContaining(posted));
  });

  it('gives every refund application of the period once, in order', async () => {
    const filter = { merchantId: DEMO.mainMerchantId, ...period() };
    const whole = await collect(refundApplicationBatches(env().db, filter, false, 10_000));
    const batched = await collect(refundApplicationBatches(env().db, filter, false, 2));
    expect(batched.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect(batched.map((r) => r.payment_transaction_id)).toEqual(expect.arrayContaining(posted));
  });
});
