import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './connection';
import { PREPARED_MARK, prepared, preparedName } from './prepared';

/** The embedded database runs a statement marked prepared() as a named statement (pglite-dialect.ts). */
describe('PGlite dialect: marked statements', () => {
  let db: Db;
  beforeAll(async () => {
    db = openDatabase({ databaseUrl: null });
    await sql`create table probe (id integer primary key, at timestamptz not null, amount numeric, note text, done boolean)`.execute(
      db,
    );
    await sql`insert into probe values (1, '2016-02-29T03:00:00.123Z', 1200.5, 'が''"', true), (2, '2016-03-01T00:00:00Z', null, null, false)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const rowsFrom = (since: Date, note: string | null, marked: boolean) => {
    const query = db
      .selectFrom('probe' as never)
      .select(sql`id`.as('id'))
      .select(sql`at`.as('at'))
      .select(sql`amount`.as('amount'))
      .select(sql`note`.as('note'))
      .select(sql`done`.as('done'))
      .select(sql`${note}::text`.as('echo'))
      .where(sql<boolean>`at >= ${since}`)
      .orderBy(sql`id`);
    return (marked ? prepared(query) : query).execute();
  };

  it('gives the same rows and values as an unmarked statement, parsed once and planned for any values', async () => {
    for (const [since, note] of [
      [new Date('2016-01-01T00:00:00Z'), 'が'],
      [new Date('2016-02-29T03:00:00.123Z'), null],
      [new Date('2016-03-01T00:00:00Z'), "it's"],
    ] as const) {
      const plain = await rowsFrom(since, note, false);
      expect(plain.length).toBeGreaterThan(0);
      expect(await rowsFrom(since, note, true)).toEqual(plain);
    }
    const { rows } = await sql<{ name: string; statement: string; generic_plans: number; custom_plans: number }>`
      select name, statement, generic_plans::int, custom_plans::int from pg_prepared_statements
      where statement like '%from "probe"%'`.execute(db);
    expect(rows).toHaveLength(1);
    const [statement] = rows;
    expect(statement?.statement.endsWith(PREPARED_MARK)).toBe(true);
    expect(statement?.name).toBe(preparedName(statement?.statement ?? ''));
    expect(statement?.generic_plans).toBe(3);
    expect(statement?.custom_plans).toBe(0);
  });

  it('rejects a failing execution with its SQLSTATE, and the database goes on', async () => {
    const divide = (by: number) =>
      prepared(db.selectNoFrom(sql<number>`10 / ${by}::int`.as('q'))).executeTakeFirstOrThrow() as Promise<{
        q: number;
      }>;
    await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
    expect(await divide(5)).toEqual({ q: 2 });
    expect(await db.selectNoFrom(sql<number>`1`.as('one')).executeTakeFirstOrThrow()).toEqual({ one: 1 });
  });

  it('a text that does not parse fails the same way each time (no half-made statement is left)', async () => {
    const broken = () => sql.raw(`selec 1 ${PREPARED_MARK}`).execute(db);
    await expect(broken()).rejects.toMatchObject({ code: '42601' });
    await expect(broken()).rejects.toMatchObject({ code: '42601' });
  });
});
