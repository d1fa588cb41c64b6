import type { CallResponse, UtilityBillStatus } from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { tokyoMonth, tokyoPeriod } from './time';

/** Merchant rebates and utility bills paid by QR: the lists of /merchantRebate and /utilityBillsQrHistories. */

/** A customer's wallet number as staff see it on bills: the first 4 and last 2 digits. */
export const maskWalletNo = (walletNo: string) => `${walletNo.slice(0, 4)}****${walletNo.slice(-2)}`;

interface PeriodPage {
  start_date: string;
  end_date: string;
  limit: number;
  offset: number;
}

const rebates = (db: Db) =>
  db
    .selectFrom('merchant_rebates as r')
    .innerJoin('coins as c', 'c.id', 'r.coin_id')
    .select([
      'r.id',
      'r.month',
      'r.campaign',
      'c.name as coin_name',
      'r.base_amount',
      'r.rate_bp',
      'r.amount',
      'r.paid_at',
      'r.transaction_id',
    ]);

/** Rebates paid to the merchant in the Tokyo period, newest first, with the period's total. */
export async function listMerchantRebates(
  db: Db,
  merchantId: number,
  query: PeriodPage,
): Promise<CallResponse<'listMerchantRebates'>> {
  const { from, to } = tokyoPeriod(query.start_date, query.end_date);
  const filtered = rebates(db)
    .where('r.merchant_id', '=', merchantId)
    .where('r.paid_at', '>=', from)
    .where('r.paid_at', '<', to);
  const [totals, rows] = await Promise.all([
    filtered
      .clearSelect()
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.coalesce(eb.fn.sum<number>('r.amount'), sql<number>`0`).as('total_amount'),
      ])
      .executeTakeFirstOrThrow(),
    filtered
      .orderBy('r.paid_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map((row) => ({ ...row, paid_at: row.paid_at.toISOString() })),
    total: Number(totals.total),
    limit: query.limit,
    offset: query.offset,
    total_amount: Number(totals.total_amount),
  };
}

/** The rebates of the Tokyo period, for the CSV: every row, newest first. */
export function merchantRebateRows(db: Db, merchantId: number, startDate: string, endDate: string) {
  const { from, to } = tokyoPeriod(startDate, endDate);
  return rebates(db)
    .where('r.merchant_id', '=', merchantId)
    .where('r.paid_at', '>=', from)
    .where('r.paid_at', '<', to)
    .orderBy('r.paid_at', 'desc')
    .orderBy('r.id', 'desc');
}

const bills = (db: Db) =>
  db
    .selectFrom('utility_bill_payments')
    .select(['id', 'bill_number', 'biller_name', 'category', 'payer_wallet_no', 'amount', 'paid_at', 'status']);

/** Utility bills paid at the merchant in the Tokyo period, newest first; the paid ones' count and amount. */
export async function listUtilityBills(
  db: Db,
  merchantId: number,
  query: PeriodPage & { status?: UtilityBillStatus | undefined },
): Promise<CallResponse<'listUtilityBills'>> {
  const { from, to } = tokyoPeriod(query.start_date, query.end_date);
  const period = db
    .selectFrom('utility_bill_payments')
    .where('merchant_id', '=', merchantId)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to);
  const filtered = query.status ? period.where('status', '=', query.status) : period;
  const [{ total }, paid, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    period
      .where('status', '=', 'PAID')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('amount'),
      ])
      .executeTakeFirstOrThrow(),
    bills(db)
      .where('merchant_id', '=', merchantId)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .$if(query.status !== undefined, (q) => q.where('status', '=', query.status as UtilityBillStatus))
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map(({ payer_wallet_no, ...row }) => ({
      ...row,
      payer_wallet_masked: maskWalletNo(payer_wallet_no),
      paid_at: row.paid_at.toISOString(),
    })),
    total: Number(total),
    limit: query.limit,
    offset: query.offset,
    paid_count: Number(paid.count),
    paid_amount: Number(paid.amount),
  };
}

/** The bills of the Tokyo period, for the reconciliation CSV: every row, oldest first. */
export function utilityBillRows(db: Db, merchantId: number, startDate: string, endDate: string) {
  const { from, to } = tokyoPeriod(startDate, endDate);
  return bills(db)
    .where('merchant_id', '=', merchantId)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .orderBy('paid_at')
    .orderBy('id');
}

/** The rebate month of a REBATE paid in the following month ('YYYYMM'). */
export const rebateMonthOf = (paidAt: Date) => tokyoMonth(new Date(paidAt.getTime() - 15 * 24 * 60 * 60 * 1000));
