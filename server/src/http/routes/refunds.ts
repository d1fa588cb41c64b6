import {
  cancelRefund,
  confirmRefund,
  createRefund,
  listRefundApplications,
  refundFacts,
  refundFees,
  refunding,
} from '../../domain/refunds';
import { auditCall, type CallHandlers, callerMembership, callerOf } from './context';

// Money: refunds. createRefund is idempotent (contract flag): routes/index.ts runs it through
// http/idempotency.ts, and its ctx.deps.db is then the request's database transaction.
export const refundHandlers: CallHandlers<
  'listRefundApplications' | 'cancelRefund' | 'confirmRefund' | 'createRefund' | 'getRefunding' | 'listRefundFees'
> = {
  listRefundApplications: async (ctx) =>
    listRefundApplications(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  async cancelRefund(ctx) {
    const canceled = await cancelRefund(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      applicationId: ctx.params.refund_application_id,
    });
    await auditCall(ctx, 'refund.canceled', { after: refundFacts(canceled) });
    return canceled;
  },
  confirmRefund: async (ctx) =>
    confirmRefund(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      transactionId: ctx.body.transaction_id,
      amount: ctx.body.amount,
      reason: ctx.body.reason,
    }),
  async createRefund(ctx) {
    const requested = await createRefund(ctx.deps.db, {
      merchantId: callerMembership(ctx).merchantId,
      transactionId: ctx.body.transaction_id,
      amount: ctx.body.amount,
      reason: ctx.body.reason,
      requestedBy: callerOf(ctx).userId,
    });
    await auditCall(ctx, 'refund.requested', { after: refundFacts(requested) });
    return requested;
  },
  getRefunding: async (ctx) => refunding(ctx.deps.db, callerMembership(ctx).merchantId, ctx.params.wallet_no),
  listRefundFees: async (ctx) => refundFees(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
};
