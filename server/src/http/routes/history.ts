import { feeHistory, feeLimits, feeRates, txFees } from '../../domain/fees';
import { cashCancelHistories, commentHistories, historySearchOf, walletHistories } from '../../domain/histories';
import { buildReport, type ReportValue } from '../../domain/reports';
import { transactionDetail } from '../../domain/transactionDetail';
import { transactionTotals } from '../../domain/transactionTotals';
import { contentDisposition, csvContentType, csvFileName, csvFileStream, csvStream } from '../csv';
import { historyBatchesWritten } from '../csvWorkers';
import { auditCall, type CallHandlers, callerMembership } from './context';

/** Money: histories and fees. */
export const historyHandlers: CallHandlers<
  | 'listWalletHistories'
  | 'getTransactionTotals'
  | 'getBalanceAt'
  | 'listCashCancelHistories'
  | 'listCommentHistories'
  | 'getFeeHistory'
  | 'getFeeRates'
  | 'getFeeLimits'
  | 'listTxFees'
  | 'downloadCsv'
> = {
  listWalletHistories: async (ctx) => walletHistories(ctx.deps.db, ctx.params.wallet_no, ctx.query),
  getTransactionTotals: async (ctx) => transactionTotals(ctx.deps.db, ctx.params.wallet_no, ctx.query),
  getBalanceAt: async (ctx) => transactionDetail(ctx.deps.db, ctx.params.wallet_no, ctx.params.transaction_id),
  listCashCancelHistories: async (ctx) => cashCancelHistories(ctx.deps.db, ctx.params.wallet_no, ctx.query),
  listCommentHistories: async (ctx) => commentHistories(ctx.deps.db, ctx.params.wallet_no, ctx.query),
  getFeeHistory: async (ctx) => feeHistory(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query.target_date),
  getFeeRates: async (ctx) => feeRates(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query.target_date),
  getFeeLimits: async (ctx) => feeLimits(ctx.deps.db, ctx.query.user_type, ctx.query.target_date),
  listTxFees: async (ctx) => txFees(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),

  async downloadCsv(ctx) {
    // The report's own roles (CSV_REPORT_ROLES) were checked with the call's, before the query (auth.ts).
    const { merchantId } = callerMembership(ctx);
    const { query } = ctx;
    const report = await buildReport(
      ctx.deps.db,
      ctx.params.report,
      {
        merchantId,
        startDate: query.start_date,
        endDate: query.end_date,
        type: query.type,
        transactionId: query.transaction_id,
        search: historySearchOf(query),
        status: query.status,
        userId: query.user_id,
        kind: query.kind,
      },
      { publicUrl: ctx.deps.config.publicUrl, now: ctx.deps.now() },
    );
    // A report's cells are CSV cells as they are (a Date is written as the Tokyo date-time).
    // On the embedded database a history's rows are written in a worker thread, beside the database's own
    // work on this one (csvWorkers.ts).
    const stream = report.historyCopies
      ? csvFileStream(
          report.header,
          historyBatchesWritten(report.historyCopies.copies, report.historyCopies.kind, query.encoding),
          query.encoding,
        )
      : csvStream(report.header, report.batches, (row: ReportValue[]) => row, query.encoding);
    const fileName = csvFileName(ctx.params.report, report.merchantName, query.start_date, query.end_date);
    await auditCall(ctx, 'csv.downloaded', {
      after: { report: ctx.params.report, start_date: query.start_date, end_date: query.end_date },
    });
    // The reply is the stream itself; the contract's string schema only documents the body.
    return ctx.reply
      .header('Content-Type', csvContentType(query.encoding))
      .header('Content-Disposition', contentDisposition(fileName))
      .header('Cache-Control', 'no-store')
      .send(stream) as never;
  },
};
