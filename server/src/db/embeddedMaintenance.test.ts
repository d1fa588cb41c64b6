import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBulkHistory } from '../testing/bulk';
import { createTestDatabase, DEMO, type TestDatabase } from '../testing/harness';
import { openDatabase } from './connection';
import { tidyEmbeddedDatabase, watchEmbeddedMaintenance } from './embeddedMaintenance';

/** The embedded database's own upkeep (it has no autovacuum), on the demo data in PGlite. */
describe('the embedded database maintenance', () => {
  let database: TestDatabase;
  let wallets = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'pglite', url: null });
  });
  afterAll(() => database?.close());
  afterEach(() => vi.useRealTimers());

  /** A new wallet with a few days of history: new day-count rows, on pages not yet marked all-visible. */
  async function newHistory(): Promise<string> {
    const walletNo = `57000000${String(++wallets).padStart(2, '0')}`;
    await insertBulkHistory(database.db, walletNo, 50, {
      from: new Date('2026-03-01T00:00:00+09:00'),
      to: new Date('2026-03-06T00:00:00+09:00'),
    });
    return walletNo;
  }

  /**
   * How many table rows the sum of a wallet's day counts visits, read through the primary key (scans of
   * the whole table are ruled out for the probe: the demo's table is small enough to be read whole).
   */
  async function heapFetches(walletNo: string): Promise<{ node: string; fetches: number }> {
    return database.db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      await sql`set enable_bitmapscan = off`.execute(connection);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, format json)
          select sum(entries) from wallet_history_days where wallet_no = ${walletNo}
            and day between '2026-03-01' and '2026-03-31'`.execute(connection);
        const raw = rows[0]?.['QUERY PLAN'];
        const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
          { Plan: { Plans: { 'Node Type': string; 'Heap Fetches'?: number }[] } },
        ];
        const scan = top.Plan.Plans[0];
        return { node: scan?.['Node Type'] ?? '', fetches: scan?.['Heap Fetches'] ?? -1 };
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
        await sql`reset enable_bitmapscan`.execute(connection);
      }
    });
  }

  it('reports a failed run, the first one included, and goes on', async () => {
    const closed = openDatabase({ databaseUrl: null });
    await closed.destroy();
    const errors: unknown[] = [];
    const watch = watchEmbeddedMaintenance(closed, (error) => errors.push(error));
    watch.stop();
    await watch.first;
    expect(errors).toHaveLength(1);
  });

  it("lets a history's total read the day counts from the index alone once tidied", async () => {
    const walletNo = await newHistory();
    const before = await heapFetches(walletNo);
    expect(before.node).toBe('Index Only Scan');
    expect(before.fetches).toBeGreaterThan(0);
    await tidyEmbeddedDatabase(database.db);
    expect(await heapFetches(walletNo)).toEqual({ node: 'Index Only Scan', fetches: 0 });
    // The demo's own wallets too.
    const main = await sql<{ n: string }>`select count(*)::text as n from wallet_history_days
      where wallet_no = ${DEMO.mainWalletNo}`.execute(database.db);
    expect(Number(main.rows[0]?.n)).toBeGreaterThan(0);
  });

  /** How many times the day counts have been vacuumed (the statistics count each run as it ends). */
  async function vacuums(): Promise<number> {
    const { rows } = await sql<{ n: string }>`select vacuum_count::text as n from pg_stat_user_tables
      where relname = 'wallet_history_days'`.execute(database.db);
    return Number(rows[0]?.n);
  }

  it('tidies at start and again every interval while the server runs, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const errors: unknown[] = [];
    const before = await vacuums();
    const watch = watchEmbeddedMaintenance(database.db, (error) => errors.push(error), 1000);
    await watch.first;
    expect(await vacuums()).toBe(before + 1);
    vi.advanceTimersByTime(1000);
    // A run takes what the machine gives it: polled for up to 30 s.
    await expect.poll(vacuums, { timeout: 30_000 }).toBe(before + 2);
    vi.advanceTimersByTime(1000);
    await expect.poll(vacuums, { timeout: 30_000 }).toBe(before + 3);
    watch.stop();
    vi.advanceTimersByTime(5000);
    // A run started now would have finished by the time two more statements have.
    await sql`select 1`.execute(database.db);
    expect(await vacuums()).toBe(before + 3);
    expect(errors).toEqual([]);
  });
});
