import {
  cancelRefund,
  confirmRefund,
  createRefund,
  listRefundApplications,
  refundFees,
  refunding,
} from '../../domain/refunds';
import { type CallHandlers, callerMembership, callerOf } from './context';

// Money: refunds. createRefund is idempotent (contract flag): routes/index.ts runs it through
// http/idempotency.ts, and its ctx.deps.db is then the request's database transaction.
export const refundHandlers: CallHandlers<
  'listRefundApplications' | 'cancelRefund' | 'confirmRefund' | 'createRefund' | 'getRefunding' | 'listRefundFees'
> = {
  listRefundApplications: async (ctx) =>
    listRefundApplications(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  cancelRefund: async (ctx) =>
    cancelRefund(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      applicationId: ctx.params.refund_application_id,
    }),
  confirmRefund: async (ctx) =>
    confirmRefund(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      transactionId: ctx.body.transaction_id,
      amount: ctx.body.amount,
      reason: ctx.body.reason,
    }),
  createRefund: async (ctx) =>
    createRefund(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      transactionId: ctx.body.transaction_id,
      amount: ctx.body.amount,
      reason: ctx.body.reason,
      requestedBy: callerOf(ctx).userId,
    }),
  getRefunding: async (ctx) => refunding(ctx.deps.db, callerMembership(ctx).merchantId, ctx.params.wallet_no),
  listRefundFees: async (ctx) => refundFees(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
};
