import { createCoupon, listCoupons, stopCoupon } from '../../domain/coupons';
import { listAutomaticPayments, listBookTicketUses, listSubscriptions } from '../../domain/programs';
import { type CallHandlers, callerMembership, callerOf } from './context';

// Customer programs: coupons, book tickets, subscriptions, automatic payments.
export const programHandlers: CallHandlers<
  'listCoupons' | 'createCoupon' | 'stopCoupon' | 'listBookTicketUses' | 'listSubscriptions' | 'listAutomaticPayments'
> = {
  listCoupons: async (ctx) => listCoupons(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query, ctx.deps.now()),
  createCoupon: async (ctx) =>
    createCoupon(
      ctx.deps.db,
      { ...ctx.body, merchantId: callerMembership(ctx).merchantId, createdBy: callerOf(ctx).userId },
      ctx.deps.now(),
    ),
  stopCoupon: async (ctx) =>
    stopCoupon(
      ctx.deps.db,
      { merchantId: callerMembership(ctx).merchantId, couponId: ctx.params.coupon_id },
      ctx.deps.now(),
    ),
  listBookTicketUses: async (ctx) => listBookTicketUses(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  listSubscriptions: async (ctx) => listSubscriptions(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  listAutomaticPayments: async (ctx) => listAutomaticPayments(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
};
