import { sql } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { callbackQueryPool } from './callbackPool';
import { openDatabase } from './connection';
import { MAX_PREPARED_TEXTS, PREPARED_MARK, prepared, preparedName, statementNamer } from './prepared';

/** A pg client stand-in: answers each query through the callback, as pg does. */
function fakeClient(answer: (text: string) => { error?: Error; rows?: unknown[] }) {
  const released: (boolean | undefined)[] = [];
  const client = {
    processID: 4242,
    calls: [] as unknown[],
    query(
      textOrConfig: string | { name: string; text: string; values: unknown[] },
      valuesOrCallback: unknown[] | ((error: Error | null, result?: unknown) => void),
      maybeCallback?: (error: Error | null, result?: unknown) => void,
    ) {
      client.calls.push(textOrConfig);
      const text = typeof textOrConfig === 'string' ? textOrConfig : textOrConfig.text;
      const callback = (typeof valuesOrCallback === 'function' ? valuesOrCallback : maybeCallback) as (
        error: Error | null,
        result?: unknown,
      ) => void;
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

  it('names a marked text the same way each time, leaves unmarked ones unnamed, and stops at the bound', () => {
    const text = `select $1 ${PREPARED_MARK}`;
    expect(preparedName(text)).toMatch(/^coin_[0-9a-f]{32}$/);
    expect(preparedName(text)).toBe(preparedName(`select $1 ${PREPARED_MARK}`));
    expect(preparedName(`select $2 ${PREPARED_MARK}`)).not.toBe(preparedName(text));
    expect(preparedName('select $1')).toBeNull();
    // A marked statement that carried literals would make a text per value: past the bound they run unnamed.
    const bounded = statementNamer(MAX_PREPARED_TEXTS);
    const named = bounded(text);
    const names = Array.from({ length: MAX_PREPARED_TEXTS + 10 }, (_, i) => bounded(`select ${i} ${PREPARED_MARK}`));
    expect(names.filter((name) => name === null)).toHaveLength(11);
    // Texts named before the bound was reached keep their names.
    expect(bounded(text)).toBe(named);
  });

  it('passes a marked statement to pg under its name, with its values', async () => {
    const { client } = fakeClient(() => ({ rows: [{ n: 1 }] }));
    const wrapped = await callbackQueryPool(fakePool(client)).connect();
    const text = `select $1::int as n ${PREPARED_MARK}`;
    await expect(wrapped.query(text, [1])).resolves.toMatchObject({ rows: [{ n: 1 }] });
    await wrapped.query('select 1', []);
    expect(client.calls).toEqual([{ name: preparedName(text), text, values: [1] }, 'select 1']);
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

  it('a statement marked prepared() is parsed once per connection and runs under a generic plan', async () => {
    const db = openDatabase({ databaseUrl: url as string, maxConnections: 1 });
    try {
      const marked = (n: number) =>
        prepared(db.selectNoFrom((eb) => eb.val(n).as('n'))).executeTakeFirstOrThrow() as Promise<{ n: unknown }>;
      // Different values, one statement; the unmarked one beside it stays unnamed.
      expect(Number((await marked(1)).n)).toBe(1);
      expect(Number((await marked(2)).n)).toBe(2);
      await db.selectNoFrom((eb) => eb.val(3).as('n')).execute();
      const { rows } = await sql<{ name: string; statement: string; generic_plans: string; custom_plans: string }>`
        select name, statement, generic_plans, custom_plans from pg_prepared_statements`.execute(db);
      expect(rows).toHaveLength(1);
      const [statement] = rows;
      expect(statement?.name).toBe(preparedName(statement?.statement ?? ''));
      expect(statement?.statement.endsWith(PREPARED_MARK)).toBe(true);
      // Planned without the values (force_generic_plan), so never planned again for them.
      expect(Number(statement?.generic_plans)).toBe(2);
      expect(Number(statement?.custom_plans)).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
