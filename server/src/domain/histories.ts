import type { BalanceAt, CallResponse, History, HistorySearch } from '@coin/contract';
import { type Compilable, sql } from 'kysely';
import { type Db, embeddedCopyOf, postgresPoolOf } from '../db/connection';
import { COPY_BATCH_ROWS, type CopyRowReader, copiedRows, copyRows, withInlineParameters } from '../db/copyOut';
import { prepared } from '../db/prepared';
import type { TransactionType } from '../db/schema';
import { statementTemplate } from '../db/statementTemplate';
import { notFound } from './errors';
import {
  copiedHistoryCells,
  type HistoryCell,
  type HistoryCsvKind,
  type HistoryRow,
  lastCopiedCursor,
  type ShownEntry,
  toRow,
} from './historyRows';
import { exactInstant, KEYSET_BATCH_SIZE, keysetChunks, pastCursor } from './keyset';
import { refundableRemainingColumn } from './refunds';
import { addDays, tokyoDayStart, tokyoPeriod } from './time';

export { counterpartyLabel, type HistoryCursor, type HistoryRow } from './historyRows';

/** Which entries of one wallet a history list (and its CSV) shows. */
export interface HistoryFilter {
  walletNo: string;
  startDate: string;
  endDate: string;
  type?: TransactionType | undefined;
  transactionId?: number | undefined;
  /** Only entries whose transaction carries a comment. */
  commentsOnly?: boolean;
  /** The amount (of the entry's absolute value) and the Tokyo time of day (issue 25); see entrySearch. */
  search?: HistorySearch | undefined;
}

type Bounds = { from: Date; to: Date };

/** An entry's Tokyo wall clock (fixed +09:00, as the day counts of migration 0003) in a to_char format. */
const tokyoClock = (format: string) =>
  sql<string>`to_char((e.created_at at time zone 'UTC') + interval '9 hours', ${sql.lit(format)})`;

/**
 * The amount and time-of-day filters set in a search, or null when none is: a list without them keeps
 * to the trigger-kept day counts.
 */
function entrySearch(filter: HistoryFilter): HistorySearch | null {
  const search = filter.search;
  if (!search) return null;
  const set = Object.values(search).some((value) => value !== undefined);
  return set ? search : null;
}

/** The filtered entries of the wallet in [bounds.from, bounds.to): every filter is on the entry itself. */
function historyQuery(db: Db, filter: HistoryFilter, bounds: Bounds) {
  let query = db
    .selectFrom('entries as e')
    .where('e.wallet_no', '=', filter.walletNo)
    .where('e.created_at', '>=', bounds.from)
    .where('e.created_at', '<', bounds.to);
  // Type and commented are the entry's copies of its transaction's (migration 0005), so each filter has an
  // index that starts at the wallet: (wallet_no, type, created_at, id), or the partial one on commented
  // entries, whose predicate must appear as the literal `e.commented` for the planner to pick it.
  if (filter.type !== undefined) query = query.where('e.type', '=', filter.type);
  if (filter.transactionId !== undefined) query = query.where('e.transaction_id', '=', filter.transactionId);
  if (filter.commentsOnly) query = query.where(sql<boolean>`e.commented`);
  const search = entrySearch(filter);
  if (search) {
    // Amounts are stored signed (positive in, negative out); the filter matches the absolute value, the
    // figure staff see whichever way the money went (contract: schemas/historySearch.ts).
    const magnitude = sql<number>`abs(e.amount)`;
    if (search.amount !== undefined) query = query.where(magnitude, '=', search.amount);
    if (search.amount_min !== undefined) query = query.where(magnitude, '>=', search.amount_min);
    if (search.amount_max !== undefined) query = query.where(magnitude, '<=', search.amount_max);
    // 'HH:MI' text orders as the time does; the end minute is whole (13:00 keeps 13:00:59).
    const minute = tokyoClock('HH24:MI');
    const { time_from: from, time_to: to } = search;
    if (from !== undefined && to !== undefined && from > to) {
      // A window across midnight (22:00–02:00): late on a day or early on one.
      query = query.where((eb) => eb.or([eb(minute, '>=', from), eb(minute, '<=', to)]));
    } else {
      if (from !== undefined) query = query.where(minute, '>=', from);
      if (to !== undefined) query = query.where(minute, '<=', to);
    }
  }
  return query;
}

/**
 * What a row shows, newest first, for `limit` entries of the query from `offset`; the instant as exact
 * text (the keyset cursor). The entries are cut first and only the cut is joined to what a row shows:
 * whatever plan PostgreSQL picks (a prepared statement's generic plan is chosen without the wallet or
 * the period), it cannot join a wallet's whole history before it sorts and cuts it. The transaction is
 * read only for the rows that show something of it (a comment: 1 entry in 50 in the bench's wallet; the
 * cancelled transaction of a cash cancel), not joined to every row: the entry's own copies of its type and
 * `commented` (migration 0005) say which. On the embedded database that took a 10,000-row batch of the
 * whole-history export from 56 to 34 ms. The outer columns' order matters: a COPY's text rows are read by
 * position (historyRows.ts: copiedHistoryCells, lastCopiedCursor).
 */
function orderedRows(db: Db, query: ReturnType<typeof historyQuery>, limit: number | null, offset?: number) {
  const ordered = query
    .select([
      'e.id',
      'e.transaction_id',
      'e.created_at',
      'e.type',
      'e.coin_id',
      'e.amount',
      'e.balance_after',
      'e.counterparty_wallet_no',
      'e.commented',
    ])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc');
  let cut = limit === null ? ordered : ordered.limit(limit);
  if (offset !== undefined) cut = cut.offset(offset);
  return db
    .selectFrom(cut.as('e'))
    .innerJoin('coins as c', 'c.id', 'e.coin_id')
    .leftJoin('wallets as w', 'w.wallet_no', 'e.counterparty_wallet_no')
    .leftJoin('merchants as m', 'm.id', 'w.merchant_id')
    .select((eb) => {
      const ofTransaction = <C extends 'related_transaction_id' | 'comment'>(column: C) =>
        eb.selectFrom('transactions as t').select(`t.${column}`).whereRef('t.id', '=', 'e.transaction_id');
      return [
        'e.id',
        'e.transaction_id',
        exactInstant('e.created_at').as('cursor_at'),
        'e.type',
        eb
          .case()
          .when('e.type', '=', 'CASH_CANCEL')
          .then(ofTransaction('related_transaction_id'))
          .end()
          .as('related_transaction_id'),
        'e.coin_id',
        'c.name as coin_name',
        'e.amount',
        'e.balance_after',
        'e.counterparty_wallet_no',
        'm.name as counterparty_merchant',
        eb.case().when(sql<boolean>`e.commented`).then(ofTransaction('comment')).end().as('comment'),
      ];
    })
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc');
}

/**
 * A page's rows from `offset` (also the instant as the driver reads it), with what is left to refund of a
 * payment into `refundableIn` (null: not read).
 */
function pageRowsQuery(
  db: Db,
  query: ReturnType<typeof historyQuery>,
  limit: number,
  offset: number,
  refundableIn: string | null,
  totalOf: HistoryFilter | null = null,
): Compilable<ShownEntry & { created_at: Date; refundable_remaining: string | null; period_total: string | null }> {
  // The period's total on every row (page 1: see historyPage), an uncorrelated subquery run once.
  const total = totalOf
    ? (() => {
        const { query: days, counted } = countedDays(db, totalOf);
        return days.select((eb) => eb.fn.sum<string>(counted).as('entries'));
      })()
    : null;
  const rows = orderedRows(db, query, limit, offset)
    .select('e.created_at')
    .select(total ? total.as('period_total') : sql<string | null>`null`.as('period_total'));
  if (refundableIn === null) return prepared(rows.select(sql<string | null>`null`.as('refundable_remaining')));
  // What is left to refund of a payment into the wallet, in the rows' statement rather than one after it
  // (named from outside the page: the subquery's own aliases are the rows' ones).
  return prepared(
    db
      .selectFrom(rows.as('page'))
      .selectAll('page')
      .select((eb) =>
        eb
          .case()
          .when(eb.and([eb('page.type', '=', 'PAYMENT'), eb('page.amount', '>', 0)]))
          .then(refundableRemainingColumn(db, refundableIn, eb.ref('page.transaction_id')))
          .end()
          .as('refundable_remaining'),
      )
      .orderBy('page.created_at', 'desc')
      .orderBy('page.id', 'desc'),
  );
}

/** What a list's statements are built from, each value a parameter (statementTemplate). */
interface ListValues {
  walletNo: string;
  type: TransactionType | undefined;
  transactionId: number | undefined;
  commentsOnly: boolean | undefined;
}

/** The filter of a list's values, as historyQuery and countedDays read it (no search: see entrySearch). */
const listFilter = (v: ListValues): HistoryFilter => ({
  walletNo: v.walletNo,
  startDate: '',
  endDate: '',
  type: v.type,
  transactionId: v.transactionId,
  commentsOnly: v.commentsOnly,
});

// Every list page reads its rows and its total (or, deeper, its day counts): prepared, and compiled once per
// filter set. A list with an amount or time-of-day search builds its statements anew (entrySearch).
const pageRowsStatement = statementTemplate(
  (db: Db, v: ListValues & { from: Date; to: Date; limit: number; offset: number; refundableIn: string | null }) =>
    pageRowsQuery(db, historyQuery(db, listFilter(v), v), v.limit, v.offset, v.refundableIn),
);

/** Page 1's rows with the period's total on each (the day counts of [startDate, endDate] summed). */
const firstPageStatement = statementTemplate(
  (db: Db, v: PeriodValues & { from: Date; to: Date; limit: number; offset: number; refundableIn: string | null }) =>
    pageRowsQuery(db, historyQuery(db, listFilter(v), v), v.limit, v.offset, v.refundableIn, {
      ...listFilter(v),
      startDate: v.startDate,
      endDate: v.endDate,
    }),
);

/** A page's rows from `offset` (a template of a few shapes, one per filter set, without a search). */
const pageRows = (
  db: Db,
  filter: HistoryFilter,
  bounds: Bounds,
  limit: number,
  offset: number,
  refundableIn: string | null,
) =>
  entrySearch(filter)
    ? db
        .executeQuery(pageRowsQuery(db, historyQuery(db, filter, bounds), limit, offset, refundableIn))
        .then((r) => r.rows)
    : pageRowsStatement(db, 'rows', { ...listValues(filter), ...bounds, limit, offset, refundableIn });

const listValues = (filter: HistoryFilter): ListValues => ({
  walletNo: filter.walletNo,
  type: filter.type,
  transactionId: filter.transactionId,
  commentsOnly: filter.commentsOnly,
});

const plain = ({
  cursor: _cursor,
  canceled_transaction_id: _canceled,
  refundable_remaining: _remaining,
  ...row
}: HistoryRow): History => row;

/**
 * The trigger-kept day counts of the filtered list's period (they know the type and the comments
 * filter, not the amount or time of day), and the figure of them the list counts.
 */
function countedDays(db: Db, filter: HistoryFilter) {
  let query = db
    .selectFrom('wallet_history_days')
    .where('wallet_no', '=', filter.walletNo)
    .where('day', '>=', filter.startDate)
    .where('day', '<=', filter.endDate);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  return { query, counted: filter.commentsOnly ? ('commented' as const) : ('entries' as const) };
}

/** The filtered entries of the whole period, for a list with an amount or time-of-day filter. */
const searchedEntries = (db: Db, filter: HistoryFilter) =>
  historyQuery(db, filter, tokyoPeriod(filter.startDate, filter.endDate));

/**
 * Entries per Tokyo day of the period, newest day first: from the trigger-kept day counts, or, with an
 * amount or time-of-day filter (which they do not count), from the filtered entries themselves. Those read
 * the period's entries of the wallet once (its index range, as the CSV of the same list does); the page
 * query then starts at its day as without the filters.
 */
async function dayCounts(db: Db, filter: HistoryFilter): Promise<{ day: string; entries: number }[]> {
  if (entrySearch(filter)) {
    const day = tokyoClock('YYYY-MM-DD');
    const rows = await searchedEntries(db, filter)
      .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('entries')])
      .groupBy(day)
      .orderBy(day, 'desc')
      .execute();
    return rows.map((row) => ({ day: row.day, entries: Number(row.entries) }));
  }
  const rows = await dayCountsStatement(db, 'days', periodValues(filter));
  return rows.map((row) => ({ day: row.day, entries: Number(row.entries) })).filter((row) => row.entries > 0);
}

/** The number of searched entries of the period (an amount or time-of-day search: the day counts do not know it). */
async function searchedTotal(db: Db, filter: HistoryFilter): Promise<number> {
  const row = await searchedEntries(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('entries'))
    .executeTakeFirstOrThrow();
  return Number(row.entries);
}

type PeriodValues = ListValues & { startDate: string; endDate: string };

const periodValues = (filter: HistoryFilter): PeriodValues => ({
  ...listValues(filter),
  startDate: filter.startDate,
  endDate: filter.endDate,
});

const dayCountsStatement = statementTemplate((db: Db, v: PeriodValues) => {
  const { query, counted } = countedDays(db, { ...listFilter(v), startDate: v.startDate, endDate: v.endDate });
  return prepared(
    query
      .select(['day', (eb) => eb.fn.sum<number>(counted).as('entries')])
      .groupBy('day')
      .orderBy('day', 'desc'),
  );
});

export interface HistoryPage<R = HistoryRow> {
  rows: R[];
  total: number;
}

/**
 * One page (1-based) of the filtered history, newest first, each row through `present`; with
 * `refundable`, each row also carries what is left to refund of a payment into the wallet, read in the
 * rows' own statement (on page 1 beside the total).
 * Index-backed on any wallet size: the total is a sum of day counts, and the page query starts at the
 * newest Tokyo day that holds the page's first row, so OFFSET never skips more than that day's entries.
 */
export async function historyPage<R>(
  db: Db,
  filter: HistoryFilter,
  limit: number,
  page: number,
  present: (rows: HistoryRow[]) => R[],
  options: { refundable?: boolean } = {},
): Promise<HistoryPage<R>> {
  const period = tokyoPeriod(filter.startDate, filter.endDate);
  const skip = (page - 1) * limit;
  const refundableIn = options.refundable ? filter.walletNo : null;
  const presented = async (bounds: Bounds, offset: number) =>
    present((await pageRows(db, filter, bounds, limit, offset, refundableIn)).map(toRow));
  if (filter.transactionId !== undefined) {
    // One transaction's entries (a handful, by the transaction index): counted directly.
    const base = historyQuery(db, filter, period);
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      presented(period, skip),
    ]);
    return { rows, total: Number(total) };
  }
  if (skip === 0 && !entrySearch(filter)) {
    // The first page starts at the period's end, and its rows carry the period's total: one statement, one
    // round trip (each statement a request sends costs its own writes, reads and pool turn). Measured in one
    // process against the two statements side by side, 200,000 entries: 1.36 -> 1.25 ms on PostgreSQL,
    // 1.21 -> 1.08 ms on the embedded database.
    const found = await firstPageStatement(db, 'firstPage', {
      ...periodValues(filter),
      ...period,
      limit,
      offset: 0,
      refundableIn,
    });
    // No row on page 1: the period holds none.
    return { rows: present(found.map(toRow)), total: Number(found[0]?.period_total ?? 0) };
  }
  if (skip === 0) {
    // With an amount or time-of-day search the total counts the searched entries: beside the rows.
    const [total, rows] = await Promise.all([searchedTotal(db, filter), presented(period, 0)]);
    return { rows, total };
  }
  const days = await dayCounts(db, filter);
  const total = days.reduce((sum, d) => sum + d.entries, 0);
  if (skip >= total) return { rows: [], total };
  let before = 0;
  let startDay = filter.endDate;
  for (const d of days) {
    if (before + d.entries > skip) {
      startDay = d.day;
      break;
    }
    before += d.entries;
  }
  const to = new Date(Math.min(period.to.getTime(), tokyoDayStart(addDays(startDay, 1)).getTime()));
  const rows = await presented({ from: period.from, to }, skip - before);
  return { rows, total };
}

/**
 * Every row of the filtered history, newest first, as the cells of a CSV file of that kind, in batches
 * (nothing is buffered whole): on PostgreSQL through one COPY of the ordered rows (db/copyOut.ts); on
 * PGlite in keyset batches, each one COPY to PGlite's '/dev/blob' (PGlite's own row objects cost more than
 * the query). Either way each row's cells are read from its COPY bytes (copiedHistoryCells): its instant
 * from the exact cursor text, to the millisecond as a page row's `created_at`.
 */
export function historyBatches(
  db: Db,
  filter: HistoryFilter,
  kind: HistoryCsvKind,
  batchSize = KEYSET_BATCH_SIZE,
): AsyncGenerator<HistoryCell[][]> {
  const readRow: CopyRowReader<HistoryCell[]> = (bytes, start, end) => copiedHistoryCells(bytes, start, end, kind);
  const pool = postgresPoolOf(db);
  if (pool) {
    const query = orderedRows(db, historyQuery(db, filter, tokyoPeriod(filter.startDate, filter.endDate)), null);
    return copyRows(pool, query.compile(), Math.min(batchSize, COPY_BATCH_ROWS), readRow);
  }
  return mapped(embeddedHistoryCopies(db, filter, batchSize), (bytes) => copiedRows(bytes, readRow));
}

async function* mapped<T, U>(source: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  for await (const item of source) yield map(item);
}

/**
 * The embedded database's history export as COPY output (UTF-8 text as bytes), a keyset batch at a time,
 * each one COPY to PGlite's '/dev/blob' (copiedHistoryCells reads its rows; a worker thread writes the CSV
 * straight from the bytes, http/csvWorker.ts, which are handed over rather than decoded here); null on
 * PostgreSQL.
 */
export function historyCopies(
  db: Db,
  filter: HistoryFilter,
  batchSize = KEYSET_BATCH_SIZE,
): AsyncGenerator<Uint8Array> | null {
  return postgresPoolOf(db) ? null : embeddedHistoryCopies(db, filter, batchSize);
}

function embeddedHistoryCopies(db: Db, filter: HistoryFilter, batchSize: number): AsyncGenerator<Uint8Array> {
  const period = tokyoPeriod(filter.startDate, filter.endDate);
  const copy = embeddedCopyOf(db);
  if (!copy) throw new Error('a history export reads a database opened by openDatabase');
  return keysetChunks(
    (after, limit) => {
      let query = historyQuery(db, filter, period);
      if (after) query = query.where(pastCursor('e.created_at', 'e.id', after, 'desc'));
      return copy(`COPY (${withInlineParameters(orderedRows(db, query, limit).compile())}) TO '/dev/blob'`);
    },
    lastCopiedCursor,
    batchSize,
  );
}

type Paged<K extends 'listWalletHistories' | 'listCommentHistories' | 'listCashCancelHistories'> = CallResponse<K>;

/** The amount and time-of-day fields of a parsed query (the list's or its CSV's). */
export const historySearchOf = (query: HistorySearch): HistorySearch => ({
  amount: query.amount,
  amount_min: query.amount_min,
  amount_max: query.amount_max,
  time_from: query.time_from,
  time_to: query.time_to,
});

export async function walletHistories(
  db: Db,
  walletNo: string,
  query: HistorySearch & {
    start_date: string;
    end_date: string;
    type?: TransactionType | undefined;
    transaction_id?: number | undefined;
    limit: number;
    offset: number;
  },
): Promise<Paged<'listWalletHistories'>> {
  // Each payment into the wallet carries what is left to refund of it, the figure a refund request checks.
  const { rows: items, total } = await historyPage(
    db,
    {
      walletNo,
      startDate: query.start_date,
      endDate: query.end_date,
      type: query.type,
      transactionId: query.transaction_id,
      search: historySearchOf(query),
    },
    query.limit,
    query.offset,
    (rows) => rows.map(({ cursor: _cursor, canceled_transaction_id: _canceled, ...row }) => row),
    { refundable: true },
  );
  return { items, total, limit: query.limit, offset: query.offset };
}

type PagedPeriod = { start_date: string; end_date: string; limit: number; offset: number };

export async function cashCancelHistories(
  db: Db,
  walletNo: string,
  query: PagedPeriod,
): Promise<Paged<'listCashCancelHistories'>> {
  const { rows: items, total } = await historyPage(
    db,
    { walletNo, startDate: query.start_date, endDate: query.end_date, type: 'CASH_CANCEL' },
    query.limit,
    query.offset,
    (rows) => rows.map(({ cursor: _cursor, refundable_remaining: _remaining, ...row }) => row),
  );
  return { items, total, limit: query.limit, offset: query.offset };
}

export async function commentHistories(
  db: Db,
  walletNo: string,
  query: PagedPeriod,
): Promise<Paged<'listCommentHistories'>> {
  const { rows: items, total } = await historyPage(
    db,
    { walletNo, startDate: query.start_date, endDate: query.end_date, commentsOnly: true },
    query.limit,
    query.offset,
    (rows) => rows.map(plain),
  );
  return { items, total, limit: query.limit, offset: query.offset };
}

/** The wallet's balance of every coin it holds right after one of its transactions (from balance_after). */
export async function balanceAt(db: Db, walletNo: string, transactionId: number): Promise<BalanceAt> {
  const anchor = await db
    .selectFrom('entries as e')
    .innerJoin('transactions as t', 't.id', 'e.transaction_id')
    .select(['t.id', 't.type', 't.comment', 'e.created_at', (eb) => eb.fn.max('e.id').as('last_entry_id')])
    .where('e.wallet_no', '=', walletNo)
    .where('e.transaction_id', '=', transactionId)
    .groupBy(['t.id', 't.type', 't.comment', 'e.created_at'])
    .executeTakeFirst();
  if (!anchor) throw notFound();
  const lastEntryId = Number(anchor.last_entry_id);
  const rows = await db
    .selectFrom('wallet_balances as b')
    .innerJoin('coins as c', 'c.id', 'b.coin_id')
    .select((eb) => [
      'c.id',
      'c.name',
      eb
        .selectFrom('entries as e')
        .select('e.balance_after')
        .where('e.wallet_no', '=', walletNo)
        .whereRef('e.coin_id', '=', 'b.coin_id')
        .where('e.created_at', '<=', anchor.created_at)
        .where((w) =>
          w.or([
            w('e.created_at', '<', anchor.created_at),
            w.and([w('e.created_at', '=', anchor.created_at), w('e.id', '<=', lastEntryId)]),
          ]),
        )
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(1)
        .as('amount'),
    ])
    .where('b.wallet_no', '=', walletNo)
    .orderBy('c.id')
    .execute();
  return {
    wallet_no: walletNo,
    transaction_id: anchor.id,
    created_at: anchor.created_at.toISOString(),
    type: anchor.type,
    comment: anchor.comment,
    balances: rows.map((row) => ({ id: row.id, name: row.name, amount: Number(row.amount ?? 0) })),
  };
}
