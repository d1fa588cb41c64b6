import { type CallResponse, TRANSACTION_TOTALS_MAX_DAYS, TRANSACTION_TYPES } from '@coin/contract';
import type { Db } from '../db/connection';
import { addDays, daysBetween, tokyoDayStart, tokyoPeriod } from './time';

/**
 * Transaction totals (issue 15): the wallet's entries per type and coin in the period and in the period
 * of the same number of days just before it — counts and signed sums.
 *
 * One range read of a wallet history index (wallet_no[, coin_id], created_at desc, id desc) over both
 * periods, summed in SQL with FILTER: the rows read are the two periods' entries, never the wallet's whole
 * history (server/src/http/transactionTotals.test.ts checks the plan on 100,000 entries).
 */
export async function transactionTotals(
  db: Db,
  walletNo: string,
  query: { start_date: string; end_date: string },
): Promise<CallResponse<'getTransactionTotals'>> {
  // A longer period is refused (400 on end_date), as the other period reports with a maximum are.
  const period = tokyoPeriod(query.start_date, query.end_date, TRANSACTION_TOTALS_MAX_DAYS);
  const days = daysBetween(query.start_date, query.end_date) + 1;
  const previousStart = addDays(query.start_date, -days);
  const previousEnd = addDays(query.start_date, -1);
  const previousFrom = tokyoDayStart(previousStart);

  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('entries as e')
        .select((eb) => {
          const current = eb('e.created_at', '>=', period.from);
          const previous = eb('e.created_at', '<', period.from);
          return [
            'e.type',
            'e.coin_id',
            eb.fn.countAll<string>().filterWhere(current).as('count'),
            eb.fn.sum<string | null>('e.amount').filterWhere(current).as('amount'),
            eb.fn.countAll<string>().filterWhere(previous).as('previous_count'),
            eb.fn.sum<string | null>('e.amount').filterWhere(previous).as('previous_amount'),
          ];
        })
        .where('e.wallet_no', '=', walletNo)
        .where('e.created_at', '>=', previousFrom)
        .where('e.created_at', '<', period.to)
        .groupBy(['e.type', 'e.coin_id'])
        .as('s'),
    )
    .innerJoin('coins as c', 'c.id', 's.coin_id')
    .select([
      's.type',
      's.coin_id',
      'c.name as coin_name',
      's.count',
      's.amount',
      's.previous_count',
      's.previous_amount',
    ])
    .execute();

  const order = (type: string) => TRANSACTION_TYPES.indexOf(type as (typeof TRANSACTION_TYPES)[number]);
  const items = rows
    .map((row) => ({
      type: row.type,
      coin_id: row.coin_id,
      coin_name: row.coin_name,
      count: Number(row.count),
      amount: Number(row.amount ?? 0),
      previous_count: Number(row.previous_count),
      previous_amount: Number(row.previous_amount ?? 0),
    }))
    .sort((a, b) => order(a.type) - order(b.type) || a.coin_id - b.coin_id);
  return {
    start_date: query.start_date,
    end_date: query.end_date,
    previous_start_date: previousStart,
    previous_end_date: previousEnd,
    items,
  };
}
