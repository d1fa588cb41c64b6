import { z } from 'zod';
import { TIME_OF_DAY } from '../tokyoTime';

/*
 * Finding a payment without its id (issue 25): customers never know it, staff know the amount and
 * roughly when. The history list (and its CSV) takes the amount, exactly or within a range, and a
 * Tokyo time of day within the period.
 *
 * Amounts match the entry's ABSOLUTE value. The ledger stores each entry signed (positive in, negative
 * out: a refund, a payment to another merchant, a payout are negative), and staff looking for "the
 * 3,000 yen one" mean the figure they see, whichever way it went: 3000 finds +3,000 and −3,000.
 */

const AMOUNT_MESSAGE = '金額は1以上の整数で指定してください';
const TIME_MESSAGE = '時刻はHH:mm形式（00:00〜23:59）で指定してください';

/** A positive whole amount from a query string. */
const amountQuery = (description: string) =>
  z.coerce
    .number(AMOUNT_MESSAGE)
    .int(AMOUNT_MESSAGE)
    .positive(AMOUNT_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, AMOUNT_MESSAGE)
    .optional()
    .meta({ description });

/** A Tokyo wall-clock minute, 'HH:mm'. */
const timeQuery = (description: string) =>
  z.string(TIME_MESSAGE).regex(TIME_OF_DAY, TIME_MESSAGE).optional().meta({ description });

const ABSOLUTE = 'the absolute value of the entry (amounts are stored signed: 3000 matches +3,000 and −3,000)';

/** The fields of the amount and time-of-day filters, every one optional; spread into a list's query object. */
export const historySearchShape = {
  amount: amountQuery(`Exactly this amount, compared with ${ABSOLUTE}; not together with amount_min/amount_max`),
  amount_min: amountQuery(`At least this amount, compared with ${ABSOLUTE}; either end of the range may be left out`),
  amount_max: amountQuery(`At most this amount, compared with ${ABSOLUTE}; not below amount_min`),
  time_from: timeQuery(
    'Entries made at this Asia/Tokyo time of day (HH:mm) or later, on any day of the period; time_to alone starts at 00:00',
  ),
  time_to: timeQuery(
    'Entries made up to this Asia/Tokyo minute (HH:mm, the whole minute included); time_from alone ends at 23:59. A time_to before time_from is a window across midnight (22:00–02:00)',
  ),
};

/** What the filters hold once parsed (the server's filter of a history list and of its CSV). */
export interface HistorySearch {
  amount?: number | undefined;
  amount_min?: number | undefined;
  amount_max?: number | undefined;
  time_from?: string | undefined;
  time_to?: string | undefined;
}

type Refinement = [(q: HistorySearch) => boolean, { message: string; path: string[] }];

/** Refinements of a query carrying historySearchShape: the amount is exact or a range, and a range is in order. */
export const historySearchChecks: Refinement[] = [
  [
    (q) => q.amount === undefined || (q.amount_min === undefined && q.amount_max === undefined),
    { message: '金額はちょうどの金額か範囲のどちらか一方で指定してください', path: ['amount'] },
  ],
  [
    (q) => q.amount_min === undefined || q.amount_max === undefined || q.amount_min <= q.amount_max,
    { message: '金額の下限は上限以下にしてください', path: ['amount_max'] },
  ],
];

/** A query schema with the amount and time-of-day filters' refinements added. */
export const withHistorySearchChecks = <S extends z.ZodType<HistorySearch>>(schema: S): S =>
  historySearchChecks.reduce((refined, [check, options]) => refined.refine(check, options), schema);
