import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * Every row of a query through PostgreSQL's `COPY (query) TO STDOUT`, the server's own bulk output: one
 * statement over one snapshot, streamed as text rows with no per-row protocol message or driver object,
 * which a large export reads about twice as fast as in keyset batches (a 1,000,000-row history,
 * in-process: 56,000–66,000 rows/s in keyset batches, 123,000–125,000 through COPY).
 * On the embedded database a history export COPYs each keyset batch to PGlite's '/dev/blob' instead
 * (copiedRows reads its rows): 46,000 → about 100,000 rows/s read in-process.
 */

/**
 * A value of a compiled query as an SQL literal. COPY takes no bind parameters, so each `$n` of the text
 * is replaced by its value: a string through the driver's own quoting (`pg.escapeLiteral`), a Date as its
 * ISO text (an untyped literal, read by its context as a bound parameter is), a finite number or bigint
 * as digits. Anything else is refused rather than guessed at.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('an invalid date cannot be written into a COPY statement');
    return pg.escapeLiteral(value.toISOString());
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${value} cannot be written into a COPY statement`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  throw new Error(`a ${typeof value} parameter cannot be written into a COPY statement`);
}

/**
 * The compiled query's text with each `$n` placeholder replaced by its parameter as a literal
 * (sqlLiteral). Placeholders are only looked for outside quoted strings and identifiers, so a `$1`
 * inside a literal or a quoted name stays as written.
 */
export function withInlineParameters(query: Pick<CompiledQuery, 'sql' | 'parameters'>): string {
  const { sql: text, parameters } = query;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === "'" || char === '"') {
      // A quoted string or identifier; a doubled quote inside it is an escaped one.
      let end = i + 1;
      for (;;) {
        end = text.indexOf(char, end);
        if (end === -1) throw new Error('an unterminated quote in a compiled query');
        if (text[end + 1] === char) end += 2;
        else break;
      }
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (char === '$' && /[0-9]/.test(text[i + 1] ?? '')) {
      let end = i + 1;
      while (/[0-9]/.test(text[end] ?? '')) end += 1;
      const index = Number(text.slice(i + 1, end)) - 1;
      if (index < 0 || index >= parameters.length) throw new Error(`the compiled query has no parameter ${index + 1}`);
      out += sqlLiteral(parameters[index]);
      i = end;
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/**
 * One field of COPY's text format: `\N` is NULL; otherwise a backslash escapes a control character or
 * itself (COPY TO writes no octal or hex escapes).
 */
export function copyField(text: string): string | null {
  if (text === '\\N') return null;
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/g, (_, code: string) => ESCAPED[code] ?? code);
}

/** One row of COPY's text format (without its newline) as its fields. */
export const copyRecord = (line: string): (string | null)[] => line.split('\t').map(copyField);

/**
 * A reader of one row of COPY output from its bytes (UTF-8, the database's own): `bytes[start, end)`,
 * without its newline. A reader that knows its columns reads them where they lie (historyRows.ts:
 * copiedHistoryCells) instead of decoding the row into strings first.
 */
export type CopyRowReader<Row> = (bytes: Buffer, start: number, end: number) => Row;

/** A row of COPY output as its text fields (copyField). */
export const copiedFields: CopyRowReader<(string | null)[]> = (bytes, start, end) =>
  copyRecord(bytes.toString('utf8', start, end));

const NEWLINE = 0x0a;

/**
 * Every row of a whole COPY output (newline-terminated rows, as bytes: the embedded database's
 * '/dev/blob') read by `readRow`. UTF-8 never uses the newline byte inside a character.
 */
export function copiedRows<Row>(copied: Uint8Array, readRow: CopyRowReader<Row>): Row[] {
  const bytes = Buffer.from(copied.buffer, copied.byteOffset, copied.byteLength);
  const rows: Row[] = [];
  let start = 0;
  for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
    rows.push(readRow(bytes, start, end));
    start = end + 1;
  }
  if (start < bytes.length) throw new Error('the COPY output ended inside a row');
  return rows;
}

/**
 * The COPY runs in a read-only transaction planned for its first rows: an export is sorted by an index
 * (a history by its wallet's (created_at, id) index), and read in that index's order through nested
 * loops its rows stream from the first one. PostgreSQL's own choice for a whole history, hash joins and
 * a sort (spilled to disk, in parallel workers), read and sorted all 1,000,000 rows before sending the
 * first (4 s on this machine), while the export waited; JIT compilation is no use to a plan of index
 * lookups either. The settings end with the transaction.
 */
const FAST_START = [
  'BEGIN READ ONLY',
  'SET LOCAL enable_hashjoin = off',
  'SET LOCAL enable_mergejoin = off',
  'SET LOCAL max_parallel_workers_per_gather = 0',
  'SET LOCAL jit = off',
].join('; ');

/**
 * Rows per batch a COPY hands over. Small: with no statement per batch there is nothing to save by large
 * ones, and a batch's rows, held while it is written, die young instead of being promoted to the old
 * generation (a 1,000,000-row history export in-process: heap growth 272 MB at 10,000 rows a batch,
 * 83 MB at 1,000; 102,000 against 124,000 rows/s).
 */
export const COPY_BATCH_ROWS = 1_000;

/**
 * Bytes of COPY output held ahead of the reader (the database goes on producing while a batch is written):
 * one socket read's worth. The chunks held there live long enough to survive the young generation's
 * collections, and so do the socket buffers they are views of, to be freed only by a full collection: at 4 MB
 * the server's RSS grew by about 60 MB more during a 1,000,000-row export, and it was no faster (money bench).
 */
const READ_AHEAD_BYTES = 64 * 1024;

/**
 * COPY text output, as the connection's chunks bring it, read as rows (by `readRow`; by default their text
 * fields, copyField) in batches of `batchSize`. A chunk is read where it lies; only a row that spans chunks
 * is put together.
 */
export function copiedBatches(chunks: AsyncIterable<Buffer>, batchSize: number): AsyncGenerator<(string | null)[][]>;
export function copiedBatches<Row>(
  chunks: AsyncIterable<Buffer>,
  batchSize: number,
  readRow: CopyRowReader<Row>,
): AsyncGenerator<Row[]>;
export async function* copiedBatches<Row>(
  chunks: AsyncIterable<Buffer>,
  batchSize: number,
  readRow: CopyRowReader<Row> = copiedFields as CopyRowReader<Row>,
): AsyncGenerator<Row[]> {
  let rest: Buffer | null = null;
  let batch: Row[] = [];
  for await (const chunk of chunks) {
    let start = 0;
    let end = chunk.indexOf(NEWLINE);
    if (rest) {
      // Only the row the last chunk ended inside is put together, not the chunk with it.
      if (end === -1) {
        rest = Buffer.concat([rest, chunk]);
        continue;
      }
      const row = Buffer.concat([rest, chunk.subarray(0, end)]);
      batch.push(readRow(row, 0, row.length));
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
      rest = null;
      start = end + 1;
      end = chunk.indexOf(NEWLINE, start);
    }
    for (; end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      // A row read on its own (UTF-8 never holds a newline byte inside a character): a field of the
      // default reader kept longer (the writer remembers short cells) keeps a row's text alive, not a
      // chunk's.
      batch.push(readRow(chunk, start, end));
      start = end + 1;
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    // The start of a row the next chunk ends, copied: a view would keep the whole chunk alive.
    if (start < chunk.length) rest = Buffer.from(chunk.subarray(start));
  }
  if (rest) throw new Error('the COPY output ended inside a row');
  if (batch.length > 0) yield batch;
}

/**
 * The rows of `query` read by `readRow` (by default as their text fields, copyField), in batches of
 * `batchSize`. A connection of the pool is held for the whole read; a reader that stops early (a client
 * gone) ends the statement by closing that connection, which the pool then replaces.
 */
export function copyRows(
  pool: pg.Pool,
  query: Pick<CompiledQuery, 'sql' | 'parameters'>,
  batchSize: number,
): AsyncGenerator<(string | null)[][]>;
export function copyRows<Row>(
  pool: pg.Pool,
  query: Pick<CompiledQuery, 'sql' | 'parameters'>,
  batchSize: number,
  readRow: CopyRowReader<Row>,
): AsyncGenerator<Row[]>;
export async function* copyRows<Row>(
  pool: pg.Pool,
  query: Pick<CompiledQuery, 'sql' | 'parameters'>,
  batchSize: number,
  readRow: CopyRowReader<Row> = copiedFields as CopyRowReader<Row>,
): AsyncGenerator<Row[]> {
  const text = `COPY (${withInlineParameters(query)}) TO STDOUT`;
  const client = await pool.connect();
  let finished = false;
  try {
    await client.query(FAST_START);
    const stream = client.query(copyTo(text, { highWaterMark: READ_AHEAD_BYTES }));
    yield* copiedBatches(stream as AsyncIterable<Buffer>, batchSize, readRow);
    await client.query('COMMIT');
    finished = true;
  } finally {
    // Released with an error, the connection is closed (its transaction with it) instead of going back
    // mid-COPY.
    client.release(finished ? undefined : new Error('the COPY was not read to its end'));
  }
}
