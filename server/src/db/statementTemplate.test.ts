import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './connection';
import { prepared } from './prepared';
import { statementTemplate } from './statementTemplate';

/** Statements compiled once per shape and run with each call's values (statementTemplate.ts). */
describe('statement templates', () => {
  let db: Db;
  beforeAll(async () => {
    db = openDatabase({ databaseUrl: null });
    await sql`create table probe (id integer primary key, at timestamptz not null, kind text not null, note text)`.execute(
      db,
    );
    await sql`insert into probe values (1, '2016-02-29T03:00:00.123Z', 'a', 'が''"'), (2, '2016-03-01T00:00:00Z', 'b', null),
      (3, '2016-03-02T00:00:00Z', 'a', 'x')`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  interface Probe {
    since: Date;
    kind: string | undefined;
    withNote: boolean;
    limit: number;
  }

  /** A builder that chooses its text by an absent value and a boolean, as the history's do. */
  const probeQuery = (database: Db, v: Probe) => {
    let query = database
      .selectFrom('probe' as never)
      .select([sql<number>`id`.as('id'), sql<string | null>`note`.as('note')])
      .where(sql<boolean>`at >= ${v.since}`);
    if (v.kind) query = query.where(sql<boolean>`kind = ${v.kind}`);
    if (v.withNote) query = query.where(sql<boolean>`note is not null`);
    return prepared(query.orderBy(sql`id`).limit(v.limit));
  };

  it('answers the rows the builder gives for every shape and values, building each shape once', async () => {
    let builds = 0;
    const run = statementTemplate((database: Db, v: Probe) => {
      builds++;
      return probeQuery(database, v);
    });
    const cases: Probe[] = [
      { since: new Date('2016-01-01T00:00:00Z'), kind: undefined, withNote: false, limit: 10 },
      { since: new Date('2016-03-01T00:00:00Z'), kind: undefined, withNote: false, limit: 1 },
      { since: new Date('2016-01-01T00:00:00Z'), kind: 'a', withNote: false, limit: 10 },
      { since: new Date('2016-03-02T00:00:00Z'), kind: 'b', withNote: false, limit: 10 },
      { since: new Date('2016-01-01T00:00:00Z'), kind: 'a', withNote: true, limit: 10 },
      { since: new Date('2016-01-01T00:00:00Z'), kind: undefined, withNote: true, limit: 2 },
    ];
    for (const values of cases) {
      const expected = await probeQuery(db, values).execute();
      expect(await run(db, 'probe', values)).toEqual(expected);
    }
    // Four shapes (kind absent or not × with or without notes), each built twice on its first call only
    // (with slots, and once with the call's values to check the text).
    expect(builds).toBe(8);
    await run(db, 'probe', { since: new Date('2015-01-01T00:00:00Z'), kind: 'b', withNote: true, limit: 5 });
    expect(builds).toBe(8);
    // The same texts as the builder's: still one named statement each.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
      where statement like '%from "probe"%'`.execute(db);
    expect(rows[0]?.n).toBe(4);
  });

  it('refuses a builder that chooses its text by a value it is not keyed on', async () => {
    const run = statementTemplate((database: Db, v: { limit: number }) =>
      database
        .selectFrom('probe' as never)
        .select(sql<number>`id`.as('id'))
        .where(sql<boolean>`id ${sql.raw(v.limit > 1 ? '<=' : '=')} ${v.limit}`),
    );
    await expect(run(db, 'probe', { limit: 2 })).rejects.toThrow(/depends on a value it is not keyed on/);
  });

  it('builds anew on a database with a plugin, which sees the query as it would without the template', async () => {
    const seen: string[] = [];
    const spied = db.withPlugin({
      transformQuery: ({ node }) => {
        seen.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    let builds = 0;
    const run = statementTemplate((database: Db, v: Probe) => {
      builds++;
      return probeQuery(database, v);
    });
    const values = { since: new Date('2016-01-01T00:00:00Z'), kind: 'a', withNote: false, limit: 10 };
    expect(await run(spied, 'probe', values)).toEqual([
      { id: 1, note: 'が\'"' },
      { id: 3, note: 'x' },
    ]);
    await run(spied, 'probe', values);
    expect(builds).toBe(2);
    expect(seen).toContain('SelectQueryNode');
  });

  it('keys on the shape the caller names', async () => {
    const run = statementTemplate((database: Db, v: { id: number }, shape: string) =>
      database
        .selectFrom('probe' as never)
        .select(sql<string>`${sql.raw(shape === 'kind' ? 'kind' : 'note')}`.as('value'))
        .where(sql<boolean>`id = ${v.id}`),
    );
    expect(await run(db, 'kind', { id: 1 })).toEqual([{ value: 'a' }]);
    expect(await run(db, 'note', { id: 3 })).toEqual([{ value: 'x' }]);
    expect(await run(db, 'kind', { id: 2 })).toEqual([{ value: 'b' }]);
  });
});
