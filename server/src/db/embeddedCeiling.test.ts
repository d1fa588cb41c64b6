import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/harness';
import { readCeiling, watchEmbeddedCeiling } from './embeddedCeiling';

/** The embedded database's warning near its ceiling (EMBEDDED_WARN_ENTRIES), on the demo data in PGlite. */
describe('the embedded database ceiling warning', () => {
  let database: TestDatabase;
  let entries = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'pglite', url: null });
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from entries`.execute(database.db);
    entries = Number(rows[0]?.n);
  });
  afterAll(() => database?.close());
  afterEach(() => vi.useRealTimers());

  it("reads the ledger's size from its largest entry id: the demo's entries, counted", async () => {
    const reading = await readCeiling(database.db, entries);
    expect(entries).toBeGreaterThan(1000);
    expect(reading).toEqual({ entries, threshold: entries, over: true });
    expect(await readCeiling(database.db, entries + 1)).toMatchObject({ entries, over: false });
    expect(await readCeiling(database.db, 0)).toMatchObject({ entries, over: false });
  });

  it('warns at start-up at or above the threshold, naming the count and the command that moves the data', async () => {
    const warnings: { details: object; message: string }[] = [];
    const watch = watchEmbeddedCeiling(database.db, entries, (details, message) => warnings.push({ details, message }));
    watch.stop();
    expect(await watch.first).toMatchObject({ over: true });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toEqual({ entries, threshold: entries });
    expect(warnings[0]?.message).toContain(`holds ${entries.toLocaleString('en')} history entries`);
    expect(warnings[0]?.message).toContain('npm run admin -- move-to-postgres --to postgres://');
  });

  it('stays silent below the threshold, and with 0 never looks', async () => {
    const warnings: string[] = [];
    const below = watchEmbeddedCeiling(database.db, entries + 1, (_, message) => warnings.push(message));
    below.stop();
    expect(await below.first).toMatchObject({ over: false });
    const off = watchEmbeddedCeiling(database.db, 0, (_, message) => warnings.push(message));
    off.stop();
    expect(await off.first).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('looks again every interval while the server runs, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const warnings: string[] = [];
    const watch = watchEmbeddedCeiling(database.db, entries, (_, message) => warnings.push(message), 1000);
    await watch.first;
    expect(warnings).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    await expect.poll(() => warnings.length).toBe(2);
    vi.advanceTimersByTime(1000);
    await expect.poll(() => warnings.length).toBe(3);
    watch.stop();
    vi.advanceTimersByTime(5000);
    // A look started now would have answered by the time one more query has.
    await readCeiling(database.db, entries);
    expect(warnings).toHaveLength(3);
  });
});
