import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/connection';
import { dependencyOrder } from '../db/moveToPostgres';
import { buildApp } from '../http/app';
import { createTestDatabase, DEMO, signIn, type TestDatabase, testConfig } from '../testing/harness';
import { databaseUrl } from '../testing/postgresTemplate.globalSetup';
import { runMoveToPostgres } from './move';

/*
 * `npm run admin -- move-to-postgres --to <url>`: the demo data of an embedded database (PGlite) moved
 * into a new PostgreSQL database, then compared table by table, row by row, and sequence by sequence.
 * The moves need a PostgreSQL server (TEST_DATABASE_URL); without one they are skipped and say so.
 */

const URL_OF_SERVER = process.env.TEST_DATABASE_URL;

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

/** Every row of every table as jsonb text (timestamps in UTC), sorted, per table name. */
async function contentsOf(db: Db): Promise<Map<string, string[]>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local timezone to 'UTC'`.execute(trx);
    const { rows: tables } = await sql<{ name: string }>`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and c.relname not like 'kysely_migration%'`.execute(trx);
    const contents = new Map<string, string[]>();
    for (const { name } of tables) {
      const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.id(name)} t`.execute(trx);
      contents.set(name, rows.map((r) => r.row).sort());
    }
    return contents;
  });
}

async function sequencesOf(db: Db): Promise<Map<string, string>> {
  const { rows: names } = await sql<{ name: string }>`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'S'`.execute(db);
  const values = new Map<string, string>();
  for (const { name } of names) {
    const { rows } = await sql<{ state: string }>`select last_value || '/' || is_called as state
      from ${sql.id(name)}`.execute(db);
    values.set(name, rows[0]?.state ?? '');
  }
  return values;
}

describe('npm run admin -- move-to-postgres: its arguments', () => {
  it('wants a PostgreSQL URL in --to, and opens nothing without one', async () => {
    let opened = 0;
    const source = async () => {
      opened++;
      throw new Error('not to be opened');
    };
    for (const args of [[], ['--to', 'mysql://localhost/coin'], ['--to', 'postgres://'], ['--target', 'x']]) {
      const c = capture();
      expect(await runMoveToPostgres(args, source, c.io)).toBe(2);
      expect(c.err.join('\n')).toContain('Usage: npm run admin -- move-to-postgres');
    }
    expect(opened).toBe(0);
  });

  it('orders tables after the tables their keys point to, and sets keys on a cycle apart', () => {
    const keys = [
      { name: 'entries_tx', from: 'entries', to: 'transactions' },
      { name: 'entries_wallet', from: 'entries', to: 'wallets' },
      { name: 'tx_related', from: 'transactions', to: 'transactions' },
      { name: 'a_b', from: 'a', to: 'b' },
      { name: 'b_a', from: 'b', to: 'a' },
    ];
    const { order, cyclic } = dependencyOrder(['entries', 'a', 'b', 'transactions', 'wallets', 'coins'], keys);
    expect(order).toHaveLength(6);
    expect(order.indexOf('transactions')).toBeLessThan(order.indexOf('entries'));
    expect(order.indexOf('wallets')).toBeLessThan(order.indexOf('entries'));
    expect(cyclic.map((k) => k.name).sort()).toEqual(['b_a', 'tx_related']);
  });
});

describe.skipIf(!URL_OF_SERVER)(
  'npm run admin -- move-to-postgres, PGlite → PostgreSQL (skipped unless TEST_DATABASE_URL is set)',
  () => {
    const server = URL_OF_SERVER ?? '';
    const created: string[] = [];
    let source: TestDatabase;

    /** A new database on the test server, dropped after the suite. */
    async function newDatabase(): Promise<string> {
      const name = `coin_move_${randomBytes(5).toString('hex')}`;
      const admin = openDatabase({ databaseUrl: server, maxConnections: 1 });
      try {
        await sql`create database ${sql.id(name)}`.execute(admin);
      } finally {
        await admin.destroy();
      }
      created.push(name);
      return databaseUrl(server, name);
    }

    beforeAll(async () => {
      source = await createTestDatabase({ kind: 'pglite', url: null });
    });

    afterAll(async () => {
      await source?.close();
      const admin = openDatabase({ databaseUrl: server, maxConnections: 1 });
      for (const name of created) await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    });

    it('copies every table row by row and every sequence, keys first, and the service runs on the copy', async () => {
      const url = await newDatabase();
      const c = capture();
      const code = await runMoveToPostgres(['--to', url], async () => ({ db: source.db, describe: 'the demo' }), c.io);
      expect(c.err).toEqual([]);
      expect(code).toBe(0);

      const target = openDatabase({ databaseUrl: url, maxConnections: 1 });
      try {
        const [before, after] = [await contentsOf(source.db), await contentsOf(target)];
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
        for (const [table, rows] of before) {
          expect({ table, rows: after.get(table) }).toEqual({ table, rows });
        }
        expect(before.get('entries')?.length).toBeGreaterThan(1000);
        const sequences = await sequencesOf(source.db);
        expect(sequences.size).toBeGreaterThan(10);
        expect(await sequencesOf(target)).toEqual(sequences);

        // It says what it did: where, each table in the order copied, and the totals.
        expect(c.out[0]).toMatch(/^moving the demo to postgres:\/\/.*\/coin_move_\w+ …$/);
        const copied = c.out.slice(1, -2).map((line) => line.trim().split(/\s+/)[0] ?? '');
        expect([...copied].sort()).toEqual([...before.keys()].sort());
        const { rows: keys } = await sql<{ from: string; to: string }>`
          select src.relname as from, dst.relname as to from pg_constraint con
          join pg_class src on src.oid = con.conrelid join pg_class dst on dst.oid = con.confrelid
          where con.contype = 'f' and src.relname <> dst.relname`.execute(target);
        expect(keys.length).toBeGreaterThan(20);
        // Every table comes after those its keys point to, but where two tables point to each other.
        const mutual = (key: { from: string; to: string }) => keys.some((k) => k.from === key.to && k.to === key.from);
        for (const key of keys.filter((k) => !mutual(k))) {
          expect(copied.indexOf(key.to), `${key.from} → ${key.to}`).toBeLessThan(copied.indexOf(key.from));
        }
        const total = [...before.values()].reduce((sum, rows) => sum + rows.length, 0);
        expect(c.out.at(-2)).toContain(`moved ${total.toLocaleString('en')} rows of ${before.size} tables`);
        expect(c.out.at(-1)).toContain('DATABASE_URL');

        // With DATABASE_URL on the target, the service signs in and posts after the moved ids.
        const app = await buildApp({ config: testConfig({ DATABASE_URL: url }), db: target });
        try {
          const session = await signIn(app, DEMO.owner);
          const wallet = await app.inject({
            method: 'GET',
            url: `/api/wallets/${DEMO.mainWalletNo}`,
            headers: { authorization: session.authorization },
          });
          expect(wallet.statusCode).toBe(200);
        } finally {
          await app.close();
        }
        const { rows: next } = await sql<{ id: string }>`select nextval('transactions_id_seq')::text as id`.execute(
          target,
        );
        const { rows: last } = await sql<{ id: string }>`select max(id)::text as id from transactions`.execute(
          source.db,
        );
        expect(Number(next[0]?.id)).toBe(Number(last[0]?.id) + 1);

        // Moving again into the same database is refused: it holds data now.
        const again = capture();
        expect(
          await runMoveToPostgres(['--to', url], async () => ({ db: source.db, describe: 'the demo' }), again.io),
        ).toBe(1);
        expect(again.err.join('\n')).toMatch(/^refused: the target already holds data/);
      } finally {
        await target.destroy();
      }
    });

    it('refuses a target holding any data before writing anything, and leaves it as it was', async () => {
      const url = await newDatabase();
      const target = openDatabase({ databaseUrl: url, maxConnections: 1 });
      try {
        await sql`create table notes (body text)`.execute(target);
        await sql`insert into notes values ('kept')`.execute(target);
        const c = capture();
        const code = await runMoveToPostgres(
          ['--to', url],
          async () => ({ db: source.db, describe: 'the demo' }),
          c.io,
        );
        expect(code).toBe(1);
        expect(c.err).toEqual([
          expect.stringMatching(/^refused: the target already holds data \(table notes has rows\)/),
        ]);
        const { rows } = await sql<{ name: string }>`select c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`.execute(target);
        expect(rows.map((r) => r.name)).toEqual(['notes']);
        expect((await sql<{ body: string }>`select body from notes`.execute(target)).rows).toEqual([{ body: 'kept' }]);
      } finally {
        await target.destroy();
      }
    });
  },
);
