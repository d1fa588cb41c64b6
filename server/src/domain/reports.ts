import type { CsvReport } from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { TransactionType } from '../db/schema';
import { notFound } from './errors';
import { txFeeBatches } from './fees';
import { type HistoryFilter, historyBatches } from './histories';
import { exactInstant, instantParam } from './keyset';
import { merchantPaymentBatches } from './merchantPayments';
import { tokyoPeriod } from './time';

/** Money: histories and fees — what each CSV report holds. Rows come in keyset batches, newest first. */

export type ReportCell = string | number | null;
/** A Date cell is written as `YYYY/MM/DD HH:mm:ss` Asia/Tokyo by the CSV writer. */
export type ReportValue = ReportCell | Date;

export interface ReportFilter {
  merchantId: number;
  startDate: string;
  endDate: string;
  type?: TransactionType | undefined;
  transactionId?: number | undefined;
  status?: 'REQUESTED' | 'APPROVED' | 'CANCELED' | undefined;
}

export interface Report {
  /** The merchant's name, for the file name. */
  merchantName: string;
  header: readonly string[];
  batches: AsyncIterable<ReportValue[][]>;
}

const TYPE_LABELS: Record<TransactionType, string> = {
  PAYMENT: '支払い',
  RELOAD: 'チャージ',
  REFUND: '返金',
  TRANSFER: '送金',
  REBATE: 'リベート',
  WITHDRAWAL: '出金',
  FEE: '手数料',
  CASH_CANCEL: '現金取消',
};
const STATUS_LABELS = { REQUESTED: '申請中', APPROVED: '承認済み', CANCELED: '取消済み' } as const;

const HISTORY_HEADER = ['取引ID', '日時', '種別', 'コイン', '金額', '残高', '取引先', 'コメント'];

async function* mapBatches<T>(source: AsyncIterable<T[]>, map: (row: T) => ReportValue[]) {
  for await (const batch of source) yield batch.map(map);
}

const KEYSET_BATCH = 2000;

/**
 * The merchant's refund applications (by creation time), or the approved ones (by approval time),
 * newest first. The approval trail columns come from the refunds migration (0004).
 */
export async function* refundApplicationBatches(
  db: Db,
  filter: ReportFilter,
  approvedOnly: boolean,
  batchSize = KEYSET_BATCH,
) {
  const { from, to } = tokyoPeriod(filter.startDate, filter.endDate);
  const columnName = approvedOnly ? 'r.approved_at' : 'r.created_at';
  const column = sql.ref<Date>(columnName);
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    let query = db
      .selectFrom('refund_applications as r')
      .innerJoin('coins as c', 'c.id', 'r.coin_id')
      .innerJoin('transactions as p', 'p.id', 'r.payment_transaction_id')
      .select([
        'r.id',
        'r.created_at',
        sql<Date | null>`r.approved_at`.as('approved_at'),
        sql<Date | null>`r.canceled_at`.as('canceled_at'),
        exactInstant(columnName).as('cursor_at'),
        'r.status',
        'r.payment_transaction_id',
        'p.created_at as payment_created_at',
        'r.refund_transaction_id',
        'c.name as coin_name',
        'r.amount',
        sql<number>`r.fee_rate_bp`.as('fee_rate_bp'),
        'r.fee',
      ])
      .where('r.merchant_id', '=', filter.merchantId)
      .where(column, '>=', from)
      .where(column, '<', to)
      .orderBy(column, 'desc')
      .orderBy('r.id', 'desc')
      .limit(batchSize);
    if (approvedOnly) query = query.where('r.status', '=', 'APPROVED');
    else if (filter.status) query = query.where('r.status', '=', filter.status);
    if (cursor) {
      const at = instantParam(cursor.at);
      const { id } = cursor;
      query = query
        .where(column, '<=', at)
        .where((eb) => eb.or([eb(column, '<', at), eb.and([eb(column, '=', at), eb('r.id', '<', id)])]));
    }
    const rows = await query.execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    cursor = { at: last.cursor_at, id: last.id };
  }
}

export async function buildReport(db: Db, report: CsvReport, filter: ReportFilter): Promise<Report> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['name', 'wallet_no'])
    .where('id', '=', filter.merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  // Refuse a bad period before the first byte is sent.
  tokyoPeriod(filter.startDate, filter.endDate);
  const history: HistoryFilter = { walletNo: merchant.wallet_no, startDate: filter.startDate, endDate: filter.endDate };
  const historyCells = (row: {
    transaction_id: number;
    created_at: string;
    type: TransactionType;
    coin_name: string;
    amount: number;
    balance: number;
    counterparty: string | null;
    comment: string | null;
  }): ReportValue[] => [
    row.transaction_id,
    new Date(row.created_at),
    TYPE_LABELS[row.type],
    row.coin_name,
    row.amount,
    row.balance,
    row.counterparty,
    row.comment,
  ];
  switch (report) {
    case 'histories':
      return {
        merchantName: merchant.name,
        header: HISTORY_HEADER,
        batches: mapBatches(
          historyBatches(db, { ...history, type: filter.type, transactionId: filter.transactionId }),
          historyCells,
        ),
      };
    case 'cashcancel':
      return {
        merchantName: merchant.name,
        header: [...HISTORY_HEADER, '取消対象の取引ID'],
        batches: mapBatches(historyBatches(db, { ...history, type: 'CASH_CANCEL' }), (row) => [
          ...historyCells(row),
          row.canceled_transaction_id,
        ]),
      };
    case 'comments':
      return {
        merchantName: merchant.name,
        header: HISTORY_HEADER,
        batches: mapBatches(historyBatches(db, { ...history, commentsOnly: true }), historyCells),
      };
    case 'tx_fees':
      return {
        merchantName: merchant.name,
        header: ['取引ID', '日時', '種別', 'コイン', '金額', '手数料率(bp)', '手数料'],
        batches: mapBatches(
          txFeeBatches(db, {
            merchantId: filter.merchantId,
            startDate: filter.startDate,
            endDate: filter.endDate,
            type: filter.type,
          }),
          (row) => [
            row.transaction_id,
            new Date(row.created_at),
            TYPE_LABELS[row.type],
            row.coin_name,
            row.amount,
            row.fee_rate_bp,
            row.fee,
          ],
        ),
      };
    case 'refund_applications':
      return {
        merchantName: merchant.name,
        header: [
          '申請ID',
          '申請日時',
          '状態',
          '支払い取引ID',
          '支払い日時',
          'コイン',
          '返金額',
          '手数料',
          '承認日時',
          '取消日時',
        ],
        batches: mapBatches(refundApplicationBatches(db, filter, false), (row) => [
          row.id,
          row.created_at,
          STATUS_LABELS[row.status],
          row.payment_transaction_id,
          row.payment_created_at,
          row.coin_name,
          row.amount,
          row.fee,
          row.approved_at,
          row.canceled_at,
        ]),
      };
    case 'refund_fees':
      return {
        merchantName: merchant.name,
        header: ['申請ID', '承認日時', '支払い取引ID', '返金取引ID', 'コイン', '返金額', '手数料率(bp)', '手数料'],
        batches: mapBatches(refundApplicationBatches(db, filter, true), (row) => [
          row.id,
          row.approved_at,
          row.payment_transaction_id,
          row.refund_transaction_id,
          row.coin_name,
          row.amount,
          row.fee_rate_bp,
          row.fee,
        ]),
      };
    // Money in and out: payments sent to other merchants.
    case 'merchant_payments':
      return {
        merchantName: merchant.name,
        header: ['取引ID', '日時', '支払先', 'コイン', '支払額', '区分', '手数料', '合計', 'コメント'],
        batches: mapBatches(merchantPaymentBatches(db, filter), (row) => [
          row.transaction_id,
          new Date(row.created_at),
          row.to_merchant_name,
          row.coin_name,
          row.amount,
          row.rate_label,
          row.fee,
          row.amount + row.fee,
          row.comment,
        ]),
      };
  }
}
