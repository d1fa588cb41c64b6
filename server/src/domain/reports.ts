import {
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_LABELS,
  AUDIT_OPERATOR_LABEL,
  AUTOMATIC_PAYMENT_RESULT_LABELS,
  type AuditKind,
  COUPON_STATUS_LABELS,
  type CsvReport,
  HISTORY_COLUMN_LABELS,
  HISTORY_CSV_HEADER,
  type HistorySearch,
  INVOICE_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  ROLE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  URL_PAYMENT_STATUS_LABELS,
  UTILITY_BILL_CATEGORY_LABELS,
  UTILITY_BILL_STATUS_LABELS,
} from '@coin/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { TransactionType } from '../db/schema';
import { auditEventBatches, toAuditEvent } from './auditLog';
import { couponRows, couponStatus } from './coupons';
import { notFound } from './errors';
import { txFeeBatches } from './fees';
import { type HistoryFilter, historyBatches, historyCopies } from './histories';
import type { HistoryCsvKind } from './historyRows';
import { invoiceBatches } from './invoices';
import { journalBatches } from './journal';
import { exactInstant, instantParam, KEYSET_BATCH_SIZE, type KeysetCursor, keysetBatches, pastCursor } from './keyset';
import { merchantPaymentBatches } from './merchantPayments';
import { merchantUserRows } from './merchants';
import { groupMemberIds, maskAccount, maskedAccountText, payoutStatus } from './payouts';
import { assertSubscriptions, automaticPaymentRows, bookTicketUseRows, subscriberRows } from './programs';
import { maskWalletNo, merchantRebateRows, utilityBillRows } from './rebatesAndBills';
import { tokyoDate, tokyoPeriod } from './time';
import { urlPaymentBatches } from './urlPayments';

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
  /** histories: the amount and time-of-day filters of the list (issue 25). */
  search?: HistorySearch | undefined;
  status?: 'REQUESTED' | 'APPROVED' | 'CANCELED' | undefined;
  /** audit_events: one person, one kind of action. */
  userId?: number | undefined;
  kind?: AuditKind | undefined;
}

/** What some reports need besides the filter: the service's public URL (links) and the time (statuses). */
export interface ReportContext {
  publicUrl: string;
  now: Date;
}

export interface Report {
  /** The merchant's name, for the file name. */
  merchantName: string;
  /** null: no header row (a file an accounting package imports starts with its first record). */
  header: readonly string[] | null;
  batches: AsyncIterable<ReportValue[][]>;
  /**
   * On the embedded database, a history report's rows as the COPY output batches `batches` reads (UTF-8
   * bytes), and the file's kind: the HTTP layer writes them in a worker thread instead (http/csvWorkers.ts).
   */
  historyCopies?: { copies: AsyncIterable<Uint8Array>; kind: HistoryCsvKind };
}

async function* mapBatches<T>(source: AsyncIterable<T[]>, map: (row: T) => ReportValue[]) {
  for await (const batch of source) yield batch.map(map);
}

/**
 * The merchant's refund applications (by creation time), or the approved ones (by approval time),
 * newest first. The approval trail columns come from the refunds migration (0004).
 */
export async function* refundApplicationBatches(
  db: Db,
  filter: ReportFilter,
  approvedOnly: boolean,
  batchSize = KEYSET_BATCH_SIZE,
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
        // Issue 15 (migration 0011).
        'r.reason',
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

export async function buildReport(
  db: Db,
  report: CsvReport,
  filter: ReportFilter,
  context: ReportContext,
): Promise<Report> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['name', 'wallet_no'])
    .where('id', '=', filter.merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  // Refuse a bad period before the first byte is sent.
  tokyoPeriod(filter.startDate, filter.endDate);
  const history: HistoryFilter = { walletNo: merchant.wallet_no, startDate: filter.startDate, endDate: filter.endDate };
  const historyReport = (kind: HistoryCsvKind, of: HistoryFilter): Report => {
    const copies = historyCopies(db, of);
    return {
      merchantName: merchant.name,
      header:
        kind === 'cashcancel'
          ? [...HISTORY_CSV_HEADER, HISTORY_COLUMN_LABELS.canceledTransactionId]
          : HISTORY_CSV_HEADER,
      batches: historyBatches(db, of, kind),
      ...(copies ? { historyCopies: { copies, kind } } : {}),
    };
  };
  switch (report) {
    case 'histories':
      return historyReport('histories', {
        ...history,
        type: filter.type,
        transactionId: filter.transactionId,
        search: filter.search,
      });
    case 'cashcancel':
      return historyReport('cashcancel', { ...history, type: 'CASH_CANCEL' });
    case 'comments':
      return historyReport('comments', { ...history, commentsOnly: true });
    case 'tx_fees':
      return {
        merchantName: merchant.name,
        // The history's words for the columns they share (the rate stays in basis points, as it is stored).
        header: [
          HISTORY_COLUMN_LABELS.transactionId,
          HISTORY_COLUMN_LABELS.dateTime,
          HISTORY_COLUMN_LABELS.type,
          HISTORY_COLUMN_LABELS.coin,
          HISTORY_COLUMN_LABELS.amount,
          '手数料率(bp)',
          '手数料',
        ],
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
            TRANSACTION_TYPE_LABELS[row.type],
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
          // The list's column (console: fields.refundReason); empty when none was given.
          '返金理由',
          '承認日時',
          '取消日時',
        ],
        batches: mapBatches(refundApplicationBatches(db, filter, false), (row) => [
          row.id,
          row.created_at,
          REFUND_STATUS_LABELS[row.status],
          row.payment_transaction_id,
          row.payment_created_at,
          row.coin_name,
          row.amount,
          row.fee,
          row.reason,
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
    // Payouts, rebates and utility bills.
    case 'payouts':
    case 'group_payouts': {
      // Refused (403) before the first byte when the merchant is no group's parent.
      const ids = report === 'group_payouts' ? await groupMemberIds(db, filter.merchantId) : [filter.merchantId];
      return {
        merchantName: merchant.name,
        header: [
          ...(report === 'group_payouts' ? ['加盟店'] : []),
          '締め期間（開始）',
          '締め期間（終了）',
          '振込日',
          'コイン',
          '出金額',
          '出金手数料',
          '振込手数料',
          '振込額',
          '振込先',
          '状態',
          '失敗理由',
          '取引ID',
        ],
        batches: payoutReportRows(db, filter, ids, report === 'group_payouts'),
      };
    }
    case 'merchant_rebates':
      return {
        merchantName: merchant.name,
        header: ['対象月', 'キャンペーン', 'コイン', '対象決済額', '率(%)', 'リベート額', '支払日時', '取引ID'],
        batches: mapBatches(
          (async function* () {
            yield await merchantRebateRows(db, filter.merchantId, filter.startDate, filter.endDate).execute();
          })(),
          (row) => [
            `${row.month.slice(0, 4)}年${Number(row.month.slice(4))}月分`,
            row.campaign,
            row.coin_name,
            row.base_amount,
            // As the screen shows it (0.50), not in basis points.
            (row.rate_bp / 100).toFixed(2),
            row.amount,
            row.paid_at,
            row.transaction_id,
          ],
        ),
      };
    case 'utility_bills':
      return {
        merchantName: merchant.name,
        header: ['支払日時', '請求書番号', '収納先', '種別', '支払者', '金額', '状態'],
        batches: utilityBillReportRows(db, filter),
      };
    // Customer programs.
    case 'coupons':
      return {
        merchantName: merchant.name,
        header: [
          'クーポンID',
          '名前',
          '割引',
          '最低購入金額',
          '開始日',
          '終了日',
          '上限枚数',
          '利用回数',
          '割引合計',
          '状態',
        ],
        batches: couponReportRows(db, filter),
      };
    case 'book_ticket_uses':
      return {
        merchantName: merchant.name,
        header: ['利用日時', '回数券', 'お客様', '残り回数'],
        batches: mapBatches(bookTicketUseBatches(db, filter), (row) => [
          row.used_at,
          row.ticket_name,
          maskWalletNo(row.wallet_no),
          row.uses_left,
        ]),
      };
    case 'subscribers': {
      await assertSubscriptions(db, filter.merchantId);
      return {
        merchantName: merchant.name,
        header: ['会員ID', 'プラン', 'お客様', '状態', '開始日', '次回請求日', '停止日'],
        batches: mapBatches(
          (async function* () {
            yield await subscriberRows(db, filter.merchantId, undefined, {
              startDate: filter.startDate,
              endDate: filter.endDate,
            }).execute();
          })(),
          (row) => [
            row.id,
            row.plan_name,
            maskWalletNo(row.wallet_no),
            SUBSCRIPTION_STATUS_LABELS[row.status],
            csvDay(row.started_on),
            csvDay(row.next_charge_on),
            csvDay(row.stopped_on),
          ],
        ),
      };
    }
    case 'automatic_payments':
      return {
        merchantName: merchant.name,
        header: ['予定日', '内容', 'お客様', 'コイン', '金額', '結果', '失敗理由', '試行回数', '処理日時', '取引ID'],
        batches: mapBatches(
          (async function* () {
            yield await automaticPaymentRows(db, filter.merchantId, {
              start_date: filter.startDate,
              end_date: filter.endDate,
            }).execute();
          })(),
          (row) => [
            csvDay(row.scheduled_on),
            row.description,
            maskWalletNo(row.wallet_no),
            row.coin_name,
            row.amount,
            AUTOMATIC_PAYMENT_RESULT_LABELS[row.result],
            row.failure_reason,
            row.attempts,
            row.processed_at,
            row.transaction_id,
          ],
        ),
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
    case 'url_payments': {
      const period = { start_date: filter.startDate, end_date: filter.endDate };
      return {
        merchantName: merchant.name,
        header: [
          '作成日時',
          'リンクID',
          '説明',
          'コイン',
          '金額',
          '有効期限',
          '状態',
          '停止日時',
          '利用回数',
          '利用金額',
          'URL',
        ],
        batches: mapBatches(urlPaymentBatches(db, filter.merchantId, period, context), (link) => [
          new Date(link.created_at),
          link.id,
          link.description,
          link.coin_name,
          link.amount,
          csvDay(link.expires_on),
          URL_PAYMENT_STATUS_LABELS[link.status],
          link.stopped_at === null ? null : new Date(link.stopped_at),
          link.use_count,
          link.used_amount,
          link.url,
        ]),
      };
    }
    case 'invoices': {
      const period = { start_date: filter.startDate, end_date: filter.endDate };
      return {
        merchantName: merchant.name,
        header: ['発行日時', '請求書ID', '請求元', '件名', 'コイン', '金額', '支払期限', '状態', '支払日時', '取引ID'],
        batches: mapBatches(invoiceBatches(db, filter.merchantId, period, context.now), (invoice) => [
          new Date(invoice.issued_at),
          invoice.id,
          invoice.issuer_name,
          invoice.title,
          invoice.coin_name,
          invoice.amount,
          csvDay(invoice.due_date),
          INVOICE_STATUS_LABELS[invoice.status],
          invoice.paid_at === null ? null : new Date(invoice.paid_at),
          invoice.paid_transaction_id,
        ]),
      };
    }
    // The journal in 弥生会計's import layout (journal.ts; docs/operations.md, "Journal export (仕訳)").
    case 'journal_yayoi':
      return {
        merchantName: merchant.name,
        header: null,
        batches: journalBatches(
          db,
          filter.merchantId,
          merchant.wallet_no,
          filter.startDate,
          filter.endDate,
          tokyoDate(context.now),
        ),
      };
    // The Owner's 操作履歴 as the list shows it (issue 48).
    case 'audit_events':
      return {
        merchantName: merchant.name,
        header: ['日時', '操作した人', '種類', '操作', '対象のユーザー', '内容', 'IPアドレス'],
        batches: mapBatches(auditEventBatches(db, filter), (row) => {
          const event = toAuditEvent(row);
          return [
            new Date(event.occurred_at),
            event.actor_name ?? AUDIT_OPERATOR_LABEL,
            AUDIT_KIND_LABELS[event.kind],
            AUDIT_ACTION_LABELS[event.action],
            event.target_name,
            event.detail,
            event.client_ip,
          ];
        }),
      };
    // The merchant's staff as the list shows them (no period: every user, the date is the export's).
    case 'merchant_users':
      return {
        merchantName: merchant.name,
        header: ['ユーザーID', '名前', 'メールアドレス', '権限', '状態', '招待の有効期限'],
        batches: mapBatches(
          (async function* () {
            yield await merchantUserRows(db, filter.merchantId, context.now);
          })(),
          (user) => [
            user.user_id,
            user.name,
            user.email,
            ROLE_LABELS[user.role],
            user.status,
            user.activate_token_available_until,
          ],
        ),
      };
  }
}

/** A date-only cell ('YYYY-MM-DD') as the dates of every report are written: YYYY/MM/DD. */
const csvDay = (day: string | null) => (day === null ? null : day.replaceAll('-', '/'));

/** Payouts whose period ended in the period: the merchant's, or (group) every merchant of its group. */
async function* payoutReportRows(
  db: Db,
  filter: ReportFilter,
  ids: readonly number[],
  group: boolean,
): AsyncGenerator<ReportValue[][]> {
  const today = tokyoDate(new Date());
  const rows = await db
    .selectFrom('payouts as p')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .innerJoin('coins as c', 'c.id', 'p.coin_id')
    .selectAll('p')
    .select(['m.name as merchant_name', 'c.name as coin_name'])
    .where('p.merchant_id', 'in', ids)
    .where('p.period_end', '>=', filter.startDate)
    .where('p.period_end', '<=', filter.endDate)
    .orderBy('p.period_end', 'desc')
    .orderBy('p.merchant_id')
    .execute();
  yield rows.map((row) => [
    ...(group ? [row.merchant_name] : []),
    csvDay(row.period_start),
    csvDay(row.period_end),
    csvDay(row.payout_date),
    row.coin_name,
    row.gross_amount,
    row.fee,
    row.transfer_fee,
    row.net_amount,
    maskedAccountText(maskAccount(row)),
    PAYOUT_STATUS_LABELS[payoutStatus(row, today)],
    row.failure_reason,
    row.transaction_id,
  ]);
}

/**
 * The reconciliation file of a period: every bill, oldest first, in keyset batches; then, after a blank
 * line, the paid bills' count and amount per biller and in all.
 */
async function* utilityBillReportRows(db: Db, filter: ReportFilter): AsyncGenerator<ReportValue[][]> {
  const { from, to } = tokyoPeriod(filter.startDate, filter.endDate);
  const batches = keysetBatches(
    (after, limit) =>
      utilityBillRows(db, filter.merchantId, filter.startDate, filter.endDate)
        .select(exactInstant('paid_at').as('cursor_at'))
        .$if(after !== null, (q) => q.where(pastCursor('paid_at', 'id', after as KeysetCursor, 'asc')))
        .limit(limit)
        .execute(),
    (row) => ({ at: row.cursor_at, id: row.id }),
  );
  for await (const batch of batches) {
    yield batch.map((row) => [
      row.paid_at,
      row.bill_number,
      row.biller_name,
      UTILITY_BILL_CATEGORY_LABELS[row.category],
      maskWalletNo(row.payer_wallet_no),
      row.amount,
      UTILITY_BILL_STATUS_LABELS[row.status],
    ]);
  }
  const totals = await db
    .selectFrom('utility_bill_payments')
    .select((eb) => [
      'biller_name',
      'category',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount').as('amount'),
    ])
    .where('merchant_id', '=', filter.merchantId)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .where('status', '=', 'PAID')
    .groupBy(['biller_name', 'category'])
    .orderBy('biller_name')
    .execute();
  const count = totals.reduce((sum, row) => sum + Number(row.count), 0);
  const amount = totals.reduce((sum, row) => sum + Number(row.amount), 0);
  yield [
    [],
    ['収納先別合計（支払済のみ）', '収納先', '種別', '件数', '金額'],
    ...totals.map((row) => [
      '',
      row.biller_name,
      UTILITY_BILL_CATEGORY_LABELS[row.category],
      Number(row.count),
      Number(row.amount),
    ]),
    ['合計', '', '', count, amount],
  ];
}

async function* couponReportRows(db: Db, filter: ReportFilter): AsyncGenerator<ReportValue[][]> {
  const today = tokyoDate(new Date());
  const rows = await couponRows(db, filter.merchantId, filter.startDate, filter.endDate, today).execute();
  yield rows.map((row) => [
    row.id,
    row.name,
    row.discount_type === 'AMOUNT' ? `${row.discount_value}円引き` : `${row.discount_value}%引き`,
    row.min_purchase,
    csvDay(row.starts_on),
    csvDay(row.ends_on),
    row.stock,
    Number(row.use_count),
    Number(row.discount_total),
    COUPON_STATUS_LABELS[couponStatus({ ...row, use_count: Number(row.use_count) }, today)],
  ]);
}

/** Book-ticket uses of the period in keyset batches, newest first. */
function bookTicketUseBatches(db: Db, filter: ReportFilter) {
  const { from, to } = tokyoPeriod(filter.startDate, filter.endDate);
  return keysetBatches(
    (after, limit) =>
      bookTicketUseRows(db, filter.merchantId, from, to)
        .select(exactInstant('u.used_at').as('cursor_at'))
        .$if(after !== null, (q) => q.where(pastCursor('u.used_at', 'u.id', after as KeysetCursor, 'desc')))
        .limit(limit)
        .execute(),
    (row) => ({ at: row.cursor_at, id: row.id }),
  );
}
