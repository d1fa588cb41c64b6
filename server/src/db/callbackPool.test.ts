import { sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { callbackQueryPool } from './callbackPool';
import { openDatabase } from './connection';

/** A pg client stand-in: answers each query through the callback, as pg does. */
function fakeClient(answer: (text: string) => { error?: Error; rows?: unknown[] }) {
  const released: (boolean | undefined)[] = [];
  const client = {
    processID: 4242,
    query(text: string, _values: unknown[], callback: (error: Error | null, result?: unknown) => void) {
      const { error, rows } = answer(text);
      setImmediate(() =>
        error ? callback(error) : callback(null, { rows, rowCount: rows?.length, command: 'SELECT' }),
      );
    },
    release(destroy?: boolean) {
      released.push(destroy);
    },
  };
  return { client, released };
}

function fakePool(client: object) {
  return { options: { max: 1 }, connect: async () => client, end: async () => {} } as unknown as pg.Pool;
}

describe('callbackQueryPool', () => {
  it('answers a query through the callback form and passes errors on', async () => {
    const failure = Object.assign(new Error('division by zero'), { code: '22012' });
    const { client, released } = fakeClient((text) => (text === 'bad' ? { error: failure } : { rows: [{ n: 1 }] }));
    const pool = callbackQueryPool(fakePool(client));
    const wrapped = await pool.connect();
    await expect(wrapped.query('good', [])).resolves.toMatchObject({ rows: [{ n: 1 }] });
    await expect(wrapped.query('bad', [])).rejects.toBe(failure);
    expect(wrapped.processID).toBe(4242);
    wrapped.release(true);
    expect(released).toEqual([true]);
  });

  it('lends the same wrapper for the same client (Kysely keys its connections by client)', async () => {
    const { client } = fakeClient(() => ({ rows: [] }));
    const pool = callbackQueryPool(fakePool(client));
    expect(await pool.connect()).toBe(await pool.connect());
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('callbackQueryPool on PostgreSQL (skipped unless TEST_DATABASE_URL is set)', () => {
  it('runs queries and transactions, and a failed statement rejects with its SQLSTATE', async () => {
    const db = openDatabase({ databaseUrl: url as string, maxConnections: 2 });
    try {
      const { rows } = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(db);
      expect(rows).toEqual([{ n: 42 }]);
      await expect(sql`select 1 / 0`.execute(db)).rejects.toMatchObject({ code: '22012' });
      // A rolled-back transaction leaves nothing behind, and its connection is usable afterwards.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`create table callback_pool_probe_tx (n int)`.execute(trx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const { rows: left } = await sql<{
        name: string | null;
      }>`select to_regclass('callback_pool_probe_tx')::text as name`.execute(db);
      expect(left).toEqual([{ name: null }]);
    } finally {
      await db.destroy();
    }
  });

  it('an idle connection that the server ends is reported and replaced, and the process goes on', async () => {
    const failures: Error[] = [];
    const db = openDatabase({
      databaseUrl: url as string,
      maxConnections: 1,
      onIdleConnectionError: (error) => failures.push(error),
    });
    const admin = openDatabase({ databaseUrl: url as string, maxConnections: 1 });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = rows[0]?.pid as number;
      // The connection is idle in the pool now; end its backend from another session.
      await sql`select pg_terminate_backend(${pid})`.execute(admin);
      await expect.poll(() => failures.length, { timeout: 5000 }).toBe(1);
      const { rows: after } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(after[0]?.pid).not.toBe(pid);
    } finally {
      await db.destroy();
      await admin.destroy();
    }
  });
});
