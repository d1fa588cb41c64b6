import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { embeddedCopyOf, openDatabase, postgresPoolOf } from './connection';
import {
  copiedBatches,
  copiedFields,
  copiedRows,
  copyField,
  copyRows,
  sqlLiteral,
  withInlineParameters,
} from './copyOut';

describe('withInlineParameters', () => {
  it('writes each placeholder as its literal, and leaves those inside quotes as written', () => {
    const query = {
      sql: `select "$1 col", '$2 and ''$1''' as text, x from t where a = $1 and b >= $2 and c = $3 and d - $4 > 0 and e = $10`,
      parameters: ["O'Neil \\ 店", new Date('2026-11-26T15:00:00.000Z'), null, -5, 6, 7, 8, 9, 10, 12n],
    };
    expect(withInlineParameters(query)).toBe(
      `select "$1 col", '$2 and ''$1''' as text, x from t where a =  E'O''Neil \\\\ 店' and b >= '2026-11-26T15:00:00.000Z' and c = NULL and d - (-5) > 0 and e = 12`,
    );
  });

  it('refuses a placeholder without a parameter, an unclosed quote and values it cannot write', () => {
    expect(() => withInlineParameters({ sql: 'select $2', parameters: [1] })).toThrow('no parameter 2');
    expect(() => withInlineParameters({ sql: "select 'open", parameters: [] })).toThrow('unterminated');
    expect(() => sqlLiteral([1, 2])).toThrow('object');
    expect(() => sqlLiteral(Number.NaN)).toThrow('NaN');
    expect(() => sqlLiteral(new Date(Number.NaN))).toThrow('invalid date');
    expect(sqlLiteral(true)).toBe('TRUE');
  });
});

describe('copyField', () => {
  it('reads NULL and the escapes COPY writes', () => {
    expect(copyField('\\N')).toBeNull();
    expect(copyField('plain 店')).toBe('plain 店');
    expect(copyField('a\\tb\\nc\\rd\\\\e\\bf\\fg\\vh')).toBe('a\tb\nc\rd\\e\bf\fg\vh');
    // A backslash before N inside a field is the letter, not NULL.
    expect(copyField('\\\\N')).toBe('\\N');
  });
});

const bytesOf = (text: string) => Buffer.from(text, 'utf8');

describe('copiedRows', () => {
  it('splits a whole COPY output into rows of fields, and refuses one cut inside a row', () => {
    expect(copiedRows(bytesOf('1\t店\\tab\t\\N\n2\t\t\\N\n'), copiedFields)).toEqual([
      ['1', '店\tab', null],
      ['2', '', null],
    ]);
    expect(copiedRows(bytesOf(''), copiedFields)).toEqual([]);
    expect(() => copiedRows(bytesOf('1\tA\n2\tB'), copiedFields)).toThrow('inside a row');
  });
});

describe('copiedBatches', () => {
  async function* chunksOf(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
    let start = 0;
    for (const cut of [...cuts, bytes.length]) {
      yield bytes.subarray(start, cut);
      start = cut;
    }
  }
  const read = async (chunks: AsyncIterable<Buffer>, batchSize: number) => {
    const batches: (string | null)[][][] = [];
    for await (const batch of copiedBatches(chunks, batchSize)) batches.push(batch);
    return batches;
  };

  it('reads rows wherever the chunks cut them, in batches of the size asked', async () => {
    const text = '1\t本店\t\\N\n2\tタブ\\tあり\t100\n3\t\t-5\n4\tめぶくカフェ\t7\n5\tx\t\\N\n';
    const bytes = Buffer.from(text, 'utf8');
    const rows = copiedRows(bytes, copiedFields);
    // Every way of cutting the output in two and three pieces: inside a character, at a newline, a row
    // spread over three chunks, empty chunks.
    for (let first = 0; first <= bytes.length; first++) {
      for (const second of [first, Math.min(first + 3, bytes.length), bytes.length]) {
        for (const batchSize of [1, 2, 5]) {
          const batches = await read(chunksOf(bytes, [first, second]), batchSize);
          expect(batches.flat()).toEqual(rows);
          expect(batches.map((batch) => batch.length)).toEqual(
            Array.from({ length: Math.ceil(rows.length / batchSize) }, (_, i) =>
              Math.min(batchSize, rows.length - i * batchSize),
            ),
          );
        }
      }
    }
  });

  it('refuses an output that ends inside a row', async () => {
    await expect(read(chunksOf(Buffer.from('1\tA\n2\tB'), [3]), 10)).rejects.toThrow('inside a row');
  });
});

describe('a COPY on the embedded database', () => {
  it('answers the same rows as a query, waits for a transaction in progress, and reads what it committed', async () => {
    const db = openDatabase({ databaseUrl: null });
    try {
      const copy = embeddedCopyOf(db);
      if (!copy) throw new Error('no COPY on the embedded database');
      await sql`create table t (id int primary key, name text)`.execute(db);
      await sql`insert into t values (1, 'タブ\tと改行\n'), (2, null)`.execute(db);
      const query = db
        .selectFrom('t' as never)
        .select(['id', 'name'] as never)
        .orderBy('id' as never);
      const statement = `COPY (${withInlineParameters(query.compile())}) TO '/dev/blob'`;
      expect(copiedRows(await copy(statement), copiedFields)).toEqual([
        ['1', 'タブ\tと改行\n'],
        ['2', null],
      ]);
      let copied: Promise<Uint8Array> | undefined;
      await db.transaction().execute(async (trx) => {
        await sql`insert into t values (3, 'c')`.execute(trx);
        copied = copy(statement);
        await sql`insert into t values (4, 'd')`.execute(trx);
      });
      expect(copiedRows(await (copied as Promise<Uint8Array>), copiedFields).map(([id]) => id)).toEqual([
        '1',
        '2',
        '3',
        '4',
      ]);
      expect(postgresPoolOf(db)).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('copyRows on PostgreSQL (skipped unless TEST_DATABASE_URL is set)', () => {
  it('reads every row as the driver would, in batches, with values that need escaping and chunks that split a character', async () => {
    const db = openDatabase({ databaseUrl: url as string, maxConnections: 2 });
    const pool = postgresPoolOf(db);
    if (!pool) throw new Error('a PostgreSQL database has a pool');
    try {
      // 5,000 rows of several hundred bytes of Japanese text: the output spans many chunks, and multibyte
      // characters fall across chunk edges.
      const query = sql<{ n: number; text: string | null; note: string }>`
        select n, case when n % 7 = 0 then null else repeat('店' || n, 40) end as text,
          ${"tab\there, newline\nthere, backslash \\ and 'quote' "} || n::text as note
        from generate_series(1, 5000) as n order by n`.compile(db);
      const expected = (await db.executeQuery(query)).rows.map((row) => [String(row.n), row.text, row.note]);
      const batches: (string | null)[][][] = [];
      for await (const batch of copyRows(pool, query, 1_000)) batches.push(batch);
      expect(batches.map((batch) => batch.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
      expect(batches.flat()).toEqual(expected);
    } finally {
      await db.destroy();
    }
  });

  it('a reader that stops early or a failing statement leaves the pool usable, with no connection left in COPY', async () => {
    const db = openDatabase({ databaseUrl: url as string, maxConnections: 1 });
    const pool = postgresPoolOf(db);
    if (!pool) throw new Error('a PostgreSQL database has a pool');
    try {
      const many = sql`select n from generate_series(1, 200000) as n`.compile(db);
      for await (const batch of copyRows(pool, many, 100)) {
        expect(batch[0]).toEqual(['1']);
        break;
      }
      // The pool's one connection was closed and replaced: the next query gets an answer.
      const { rows } = await sql<{ n: number }>`select 1 as n`.execute(db);
      expect(rows).toEqual([{ n: 1 }]);
      const failing = sql`select 1 / (n - 3) from generate_series(1, 5) as n`.compile(db);
      await expect(
        (async () => {
          for await (const _ of copyRows(pool, failing, 100)) {
            // the error comes with the third row
          }
        })(),
      ).rejects.toMatchObject({ code: '22012' });
      const again = await sql<{ n: number }>`select 2 as n`.execute(db);
      expect(again.rows).toEqual([{ n: 2 }]);
      // A COPY read to its end gives its connection back out of its transaction, with the planner
      // settings of its fast start gone with it.
      const few = sql`select n from generate_series(1, 3) as n`.compile(db);
      const read: (string | null)[][] = [];
      for await (const batch of copyRows(pool, few, 100)) read.push(...batch);
      expect(read).toEqual([['1'], ['2'], ['3']]);
      const { rows: after } = await sql<{
        hash: string;
        jit: string;
        open: boolean;
      }>`select current_setting('enable_hashjoin') as hash, current_setting('jit') as jit, now() <> statement_timestamp() as open`.execute(
        db,
      );
      expect(after).toEqual([{ hash: 'on', jit: expect.any(String), open: false }]);
    } finally {
      await db.destroy();
    }
  });
});
