import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBulkHistory } from '../testing/bulk';
import { createTestDatabase, DEMO, type TestDatabase } from '../testing/harness';
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

  it('tidies at start and again every interval while the server runs, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const errors: unknown[] = [];
    const watch = watchEmbeddedMaintenance(database.db, (error) => errors.push(error), 1000);
    const first = await newHistory();
    await watch.first;
    // The first run may have started before the new rows were written; the next one covers them.
    vi.advanceTimersByTime(1000);
    await expect.poll(async () => (await heapFetches(first)).fetches).toBe(0);
    const second = await newHistory();
    expect((await heapFetches(second)).fetches).toBeGreaterThan(0);
    vi.advanceTimersByTime(1000);
    await expect.poll(async () => (await heapFetches(second)).fetches).toBe(0);
    watch.stop();
    const third = await newHistory();
    vi.advanceTimersByTime(5000);
    // A run started now would have finished by the time two more statements have.
    await heapFetches(third);
    expect((await heapFetches(third)).fetches).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
