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
