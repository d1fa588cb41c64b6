import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_TARGETS } from '../testing/harness';
import type { Db } from './connection';
import { migrateToLatest, migratorOf } from './migrate';

/** Migration 0005 (history filters) on a database that already holds history, and back down. */

const WALLET = '5300000001';
const ISSUER = '9000000001';
const BEFORE_0005 = '2026_11_22_0004_refunds';

/** Posts one transaction the way the ledger did before 0005 (entries without type or commented). */
async function postOldShape(db: Db, type: string, comment: string | null, at: string): Promise<number> {
  const created = await sql<{ id: number }>`insert into transactions (type, comment, created_at)
    values (${type}, ${comment}, ${at}::timestamptz) returning id`.execute(db);
  const id = Number(created.rows[0]?.id);
  await sql`insert into entries (transaction_id, wallet_no, coin_id, amount, balance_after, counterparty_wallet_no, created_at)
    values (${id}, ${ISSUER}, 1, -5, -5, ${WALLET}, ${at}::timestamptz),
           (${id}, ${WALLET}, 1, 5, 5, ${ISSUER}, ${at}::timestamptz)`.execute(db);
  return id;
}

async function dayCounts(db: Db) {
  const result = await sql<{ day: string; type: string; entries: string; commented: string }>`
    select day::text as day, type, entries::text as entries, commented::text as commented from wallet_history_days
    where wallet_no = ${WALLET} order by day, type`.execute(db);
  return result.rows.map((r) => [r.day, r.type, Number(r.entries), Number(r.commented)]);
}

for (const target of TEST_TARGETS) {
  describe(`migration 0005, history filters [${target.kind}]`, () => {
    it('copies type and commented onto the entries already there, counts commented days, and goes back down', async () => {
      const database = await createTestDatabase(target, { seed: false });
      const { db, schema } = database;
      try {
        const migrator = migratorOf(db, schema);
        expect((await migrator.migrateTo(BEFORE_0005)).error).toBeUndefined();
        await sql`insert into coins (id, name, transferable, refundable, reloadable) values (1, 'コイン', 1, 1, 1)`.execute(
          db,
        );
        await sql`insert into wallets (wallet_no, owner_type) values (${WALLET}, 'customer')`.execute(db);
        // 10:00 and 23:30 in Tokyo on 5 January; 00:10 on the 6th.
        await postOldShape(db, 'PAYMENT', 'メモ', '2026-01-05T10:00:00+09:00');
        await postOldShape(db, 'PAYMENT', null, '2026-01-05T23:30:00+09:00');
        const reload = await postOldShape(db, 'RELOAD', 'チャージ', '2026-01-06T00:10:00+09:00');

        await migrateToLatest(db, schema ? { schema } : {});
        const copied = await sql<{ type: string; commented: boolean }>`
          select e.type, e.commented from entries e where e.transaction_id = ${reload}`.execute(db);
        expect(copied.rows).toEqual([
          { type: 'RELOAD', commented: true },
          { type: 'RELOAD', commented: true },
        ]);
        expect(await dayCounts(db)).toEqual([
          ['2026-01-05', 'PAYMENT', 2, 1],
          ['2026-01-06', 'RELOAD', 1, 1],
        ]);

        // The copies cannot drift from their transaction's: the composite foreign key refuses it.
        await expect(
          sql`insert into entries (transaction_id, wallet_no, coin_id, amount, balance_after, created_at, type, commented)
            values (${reload}, ${WALLET}, 1, 1, 6, now(), 'PAYMENT', true)`.execute(db),
        ).rejects.toThrow(/foreign key/);
        await expect(
          sql`insert into entries (transaction_id, wallet_no, coin_id, amount, balance_after, created_at, type, commented)
            values (${reload}, ${WALLET}, 1, 1, 6, now(), 'RELOAD', false)`.execute(db),
        ).rejects.toThrow(/foreign key/);

        // Back down: entries take the old shape again and the triggers count as before.
        expect((await migrator.migrateTo(BEFORE_0005)).error).toBeUndefined();
        await postOldShape(db, 'RELOAD', null, '2026-01-06T12:00:00+09:00');
        const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_name = 'entries' and table_schema = current_schema() and column_name in ('type', 'commented')`.execute(
          db,
        );
        expect(columns.rows).toEqual([]);
        const down = await sql<{ entries: string }>`select entries::text as entries from wallet_history_days
          where wallet_no = ${WALLET} and day = '2026-01-06' and type = 'RELOAD'`.execute(db);
        expect(down.rows).toEqual([{ entries: '2' }]);

        // And up again over that.
        await migrateToLatest(db, schema ? { schema } : {});
        expect(await dayCounts(db)).toEqual([
          ['2026-01-05', 'PAYMENT', 2, 1],
          ['2026-01-06', 'RELOAD', 2, 1],
        ]);
      } finally {
        await database.close();
      }
    }, 60_000);
  });
}
