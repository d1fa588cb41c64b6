import type { CallResponse } from '@coin/contract';
import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/connection';
import type { TransactionType } from '../db/schema';
import { recordAudit } from './audit';
import { DomainError, invalidRequest, notFound } from './errors';
import { exactInstant, instantParam, KEYSET_BATCH_SIZE } from './keyset';
import { addDays, tokyoPeriod } from './time';

/** Money: histories and fees. */

/** The Tokyo calendar day of a timestamptz column, as SQL. */
const tokyoDaySql = (column: string) =>
  sql<string>`((${sql.ref(column)} at time zone 'UTC') + interval '9 hours')::date`;

/** Every fee rate period of the merchant, newest first per type, marking those in effect on targetDate. */
export async function feeHistory(
  db: Db,
  merchantId: number,
  targetDate: string,
): Promise<CallResponse<'getFeeHistory'>> {
  const rows = await db
    .selectFrom('fee_rates')
    .select(['type', 'rate_bp', 'valid_from'])
    .where('merchant_id', '=', merchantId)
    .orderBy('type')
    .orderBy('valid_from', 'desc')
    .execute();
  const items: CallResponse<'getFeeHistory'>['items'] = [];
  let newer: { type: string; valid_from: string } | null = null;
  const inEffect = new Set<string>();
  for (const row of rows) {
    const validTo = newer && newer.type === row.type ? addDays(newer.valid_from, -1) : null;
    const current = row.valid_from <= targetDate && !inEffect.has(row.type);
    if (current) inEffect.add(row.type);
    items.push({
      type: row.type,
      rate_bp: row.rate_bp,
      valid_from: row.valid_from,
      valid_to: validTo,
      in_effect: current,
    });
    newer = row;
  }
  return { merchant_id: merchantId, target_date: targetDate, items };
}

/** The merchant's rate per transaction type in effect on targetDate. */
export async function feeRates(db: Db, merchantId: number, targetDate: string): Promise<CallResponse<'getFeeRates'>> {
  const rows = await db
    .selectFrom('fee_rates')
    .distinctOn('type')
    .select(['type', 'rate_bp', 'valid_from'])
    .where('merchant_id', '=', merchantId)
    .where('valid_from', '<=', targetDate)
    .orderBy('type')
    .orderBy('valid_from', 'desc')
    .execute();
  return { target_date: targetDate, items: rows };
}

export async function feeLimits(
  db: Db,
  userType: CallResponse<'getFeeLimits'>['user_type'],
  targetDate: string,
): Promise<CallResponse<'getFeeLimits'>> {
  const row = await db
    .selectFrom('fee_limits')
    .select(['limit_amount', 'valid_from'])
    .where('user_type', '=', userType)
    .where('valid_from', '<=', targetDate)
    .orderBy('valid_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    user_type: userType,
    target_date: targetDate,
    limit_amount: row ? Number(row.limit_amount) : null,
    valid_from: row?.valid_from ?? null,
  };
}

export interface TxFeeFilter {
  merchantId: number;
  startDate: string;
  endDate: string;
  type?: TransactionType | undefined;
}

export type TxFeeRow = CallResponse<'listTxFees'>['items'][number];

/**
 * The merchant's transactions that carry a fee, with the rate in effect on their Tokyo day:
 * fee = floor(amount × rate_bp / 10000) on the merchant wallet's side of the transaction.
 */
export async function txFeeQuery(db: Db, filter: TxFeeFilter) {
  const merchant = await db
    .selectFrom('merchants')
    .select('wallet_no')
    .where('id', '=', filter.merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  const { from, to } = tokyoPeriod(filter.startDate, filter.endDate);
  let query = db
    .selectFrom('transactions as t')
    .innerJoin('entries as e', (join) =>
      join.onRef('e.transaction_id', '=', 't.id').on('e.wallet_no', '=', merchant.wallet_no),
    )
    .innerJoin('coins as c', 'c.id', 'e.coin_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('fee_rates as f')
          .select('f.rate_bp')
          .where('f.merchant_id', '=', filter.merchantId)
          .whereRef('f.type', '=', 't.type')
          .where('f.valid_from', '<=', tokyoDaySql('t.created_at'))
          .orderBy('f.valid_from', 'desc')
          .limit(1)
          .as('r'),
      (join) => join.onTrue(),
    )
    .where('t.merchant_id', '=', filter.merchantId)
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to);
  if (filter.type) query = query.where('t.type', '=', filter.type);
  return query;
}

export const feeSql = sql<number>`floor(abs(e.amount) * r.rate_bp / 10000)`;

function selectTxFees(query: Awaited<ReturnType<typeof txFeeQuery>>) {
  return query
    .select([
      't.id as transaction_id',
      't.created_at',
      't.type',
      'e.coin_id',
      'c.name as coin_name',
      sql<number>`abs(e.amount)`.as('amount'),
      'r.rate_bp as fee_rate_bp',
      feeSql.as('fee'),
      'e.id as entry_id',
      exactInstant('t.created_at').as('cursor_at'),
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .orderBy('e.id', 'desc');
}

type SelectedTxFee = Awaited<ReturnType<ReturnType<typeof selectTxFees>['execute']>>[number];
const toTxFee = (row: SelectedTxFee): TxFeeRow => ({
  transaction_id: row.transaction_id,
  created_at: row.created_at.toISOString(),
  type: row.type,
  coin_id: row.coin_id,
  coin_name: row.coin_name,
  amount: Number(row.amount),
  fee_rate_bp: row.fee_rate_bp,
  fee: Number(row.fee),
});

export async function txFees(
  db: Db,
  merchantId: number,
  query: { start_at: string; end_at: string; type?: TransactionType | undefined; limit: number; offset: number },
): Promise<CallResponse<'listTxFees'>> {
  const base = await txFeeQuery(db, { merchantId, startDate: query.start_at, endDate: query.end_at, type: query.type });
  const [totals, rows] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.coalesce(eb.fn.sum<number>(sql`abs(e.amount)`), sql<number>`0`).as('total_amount'),
        eb.fn.coalesce(eb.fn.sum<number>(feeSql), sql<number>`0`).as('total_fee'),
      ])
      .executeTakeFirstOrThrow(),
    selectTxFees(base)
      .limit(query.limit)
      .offset((query.offset - 1) * query.limit)
      .execute(),
  ]);
  return {
    items: rows.map(toTxFee),
    total: Number(totals.total),
    total_amount: Number(totals.total_amount),
    total_fee: Number(totals.total_fee),
    limit: query.limit,
    offset: query.offset,
  };
}

/** Every fee row of the filtered list, newest first, in keyset batches (for CSV). */
export async function* txFeeBatches(
  db: Db,
  filter: TxFeeFilter,
  batchSize = KEYSET_BATCH_SIZE,
): AsyncGenerator<TxFeeRow[]> {
  let cursor: { at: string; id: number; entryId: number } | null = null;
  for (;;) {
    let query = await txFeeQuery(db, filter);
    if (cursor) {
      const { id, entryId } = cursor;
      const at = instantParam(cursor.at);
      query = query
        .where('t.created_at', '<=', at)
        .where((eb) =>
          eb.or([
            eb('t.created_at', '<', at),
            eb.and([eb('t.created_at', '=', at), eb('t.id', '<', id)]),
            eb.and([eb('t.created_at', '=', at), eb('t.id', '=', id), eb('e.id', '<', entryId)]),
          ]),
        );
    }
    const rows = await selectTxFees(query).limit(batchSize).execute();
    if (rows.length > 0) yield rows.map(toTxFee);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as SelectedTxFee;
    cursor = { at: last.cursor_at, id: last.transaction_id, entryId: last.entry_id };
  }
}

/** The merchant's fee rate of one transaction type in effect on a Tokyo day, in basis points; 0 when none is set. */
export async function feeRateOn(db: Db, merchantId: number, type: TransactionType, day: string): Promise<number> {
  const row = await db
    .selectFrom('fee_rates')
    .select('rate_bp')
    .where('merchant_id', '=', merchantId)
    .where('type', '=', type)
    .where('valid_from', '<=', day)
    .orderBy('valid_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.rate_bp ?? 0;
}

export interface FeeCorrection {
  merchant_id: number;
  summarized_month: string;
  previous_amount: number;
  amount: number;
  tax: number;
  reason: string;
}

/**
 * The operator corrects a month's fees (before tax): the summary takes the new amount and its tax (10 %,
 * rounded down), the correction is kept with its reason (the next fee invoice of the month is a corrected one
 * that lists it) and written to the audit trail. A settled month is corrected the same way; what was already
 * paid is settled outside the service.
 */
export async function correctMonthlyFee(
  db: Db,
  input: { merchantId: number; month: string; amount: number; reason: string },
  now: Date,
): Promise<FeeCorrection> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 0)
    throw invalidRequest('amount', '金額は0以上の整数で指定してください');
  const reason = input.reason.trim();
  if (reason.length < 1 || reason.length > 60)
    throw invalidRequest('reason', '訂正の理由を60文字以内で指定してください');
  return inTransaction(db, async (trx) => {
    const summary = await trx
      .selectFrom('monthly_fee_summaries')
      .select(['id', 'amount'])
      .where('merchant_id', '=', input.merchantId)
      .where('summarized_month', '=', input.month)
      .forUpdate()
      .executeTakeFirst();
    if (!summary) throw notFound('この月の手数料はありません');
    const previous = Number(summary.amount);
    if (previous === input.amount) throw new DomainError('conflict', '手数料はすでにこの金額です');
    const tax = Math.floor((input.amount * 10) / 100);
    await trx
      .updateTable('monthly_fee_summaries')
      .set({ amount: input.amount, tax })
      .where('id', '=', summary.id)
      .execute();
    await trx
      .insertInto('fee_corrections')
      .values({
        merchant_id: input.merchantId,
        summarized_month: input.month,
        previous_amount: previous,
        amount: input.amount,
        reason,
        created_at: now,
      })
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'fees.corrected',
        merchantId: input.merchantId,
        before: { summarized_month: input.month, amount: previous },
        after: { summarized_month: input.month, amount: input.amount, tax, reason },
      },
      now,
    );
    return {
      merchant_id: input.merchantId,
      summarized_month: input.month,
      previous_amount: previous,
      amount: input.amount,
      tax,
      reason,
    };
  });
}
