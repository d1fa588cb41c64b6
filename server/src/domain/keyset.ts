import { type RawBuilder, sql } from 'kysely';

/**
 * Keyset batches over newest-first lists. A cursor keeps the last row's timestamp to the microsecond,
 * as text: a JS Date holds only milliseconds, and a cursor cut to the millisecond would skip the rows
 * stored later within that millisecond.
 */

/** A timestamptz column as exact UTC text, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
export const exactInstant = (column: string): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The exact text of `exactInstant`, read back as a timestamptz parameter. */
export const instantParam = (text: string): RawBuilder<Date> => sql<Date>`${text}::timestamptz`;

/**
 * Rows per keyset batch of a CSV export (one constant for every export). Larger batches read faster: each
 * is a statement started anew (a 1,000,000-row history export on PostgreSQL, in-process, 27 November
 * 2026: 105,000–126,000 rows/s in batches of 2,000, 131,000–140,000 in batches of 10,000). Two batches
 * are held at most (one read ahead): a few megabytes. The download tests read in smaller batches
 * (`vi.mock` of this constant) so that the demo wallet's history crosses batch boundaries.
 */
export const KEYSET_BATCH_SIZE = 10_000;

/** A keyset cursor: the last row's instant (exact text, see exactInstant) and id. */
export interface KeysetCursor {
  at: string;
  id: number;
}

/**
 * Every row of an ordered query, in batches: `page` answers up to `limit` rows after the cursor (none
 * at first); the next batch starts after the last row's cursor. The query holds no transaction or
 * database cursor open between batches.
 * One batch is read ahead: the next batch's query is sent before the current one is handed over, so
 * PostgreSQL reads it while the caller writes the current one (a CSV export runs at the pace of the
 * slower of the two instead of their sum). At most two batches are held.
 */
export function keysetBatches<R>(
  page: (after: KeysetCursor | null, limit: number) => Promise<R[]>,
  cursorOf: (row: R) => KeysetCursor,
  batchSize = KEYSET_BATCH_SIZE,
): AsyncGenerator<R[]> {
  return keysetChunks(
    page,
    (rows) => ({ rows: rows.length, last: rows.length > 0 ? cursorOf(rows[rows.length - 1] as R) : null }),
    batchSize,
  );
}

/**
 * keysetBatches over batches of any form (a COPY text of the rows, say): `extent` tells how many rows a
 * batch holds and the last one's cursor.
 */
export async function* keysetChunks<C>(
  page: (after: KeysetCursor | null, limit: number) => Promise<C>,
  extent: (chunk: C) => { rows: number; last: KeysetCursor | null },
  batchSize = KEYSET_BATCH_SIZE,
): AsyncGenerator<C> {
  let next: Promise<C> | null = page(null, batchSize);
  try {
    while (next) {
      const chunk: C = await next;
      next = null;
      const { rows, last } = extent(chunk);
      if (rows === batchSize && last) {
        next = page(last, batchSize);
        // Awaited in the next turn; a caller that stops early (a client gone) leaves it unread, not unhandled.
        next.catch(() => {});
      }
      if (rows > 0) yield chunk;
    }
  } finally {
    // Stopped early: the query read ahead finishes before its connection goes back to the pool.
    await next?.catch(() => {});
  }
}

/**
 * The rows past a cursor over (instant column, id column): older ones for a newest-first order
 * (`direction` 'desc'), newer ones for an oldest-first order ('asc'). Written as the instant's bound
 * (where an index on (…, instant, id) starts reading) and a filter for the rows of the cursor's own instant,
 * not as the row comparison `(instant, id) < (at, id)`: beside a period's own bound on the instant,
 * PostgreSQL 17 (PGlite) read that comparison from the index but started the scan at the period's end,
 * passing every row between it and the cursor (a 300,000-entry wallet, a cursor half-way: 7–13 ms before
 * the first of a 10,000-row batch's rows; a history export's later batches took 1.5× its first). It is that
 * other bound that does it (without it the row comparison starts at the cursor), and every caller has one.
 * The cost: rows sharing the cursor's very instant (those one database transaction wrote, with its now())
 * are passed again by the filter instead of sought by id, at most that group's size a batch.
 */
export const pastCursor = (
  instantColumn: string,
  idColumn: string,
  cursor: KeysetCursor,
  direction: 'asc' | 'desc',
) => {
  const instant = sql.ref(instantColumn);
  const id = sql.ref(idColumn);
  const at = instantParam(cursor.at);
  return direction === 'desc'
    ? sql<boolean>`(${instant} <= ${at} and (${instant} < ${at} or ${id} < ${cursor.id}))`
    : sql<boolean>`(${instant} >= ${at} and (${instant} > ${at} or ${id} > ${cursor.id}))`;
};
