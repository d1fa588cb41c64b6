import {
  dailySales,
  getMerchant,
  latestPayment,
  listMerchantUsers,
  merchantsSalesToday,
  salesSummary,
  summarizedTxFees,
} from '../../domain/merchants';
import { setupProgress } from '../../domain/setupProgress';
import { type CallHandlers, callerMembership, callerOf } from './context';

export const merchantHandlers: CallHandlers<
  | 'getMerchant'
  | 'getLatestPayment'
  | 'getSummarizedTxFees'
  | 'getDailySales'
  | 'getSalesSummary'
  | 'getMerchantsSalesToday'
  | 'getSetupProgress'
  | 'listMerchantUsers'
> = {
  getMerchant: async (ctx) => getMerchant(ctx.deps.db, callerMembership(ctx).merchantId),
  getLatestPayment: async (ctx) => latestPayment(ctx.deps.db, callerMembership(ctx).merchantId),
  getSummarizedTxFees: async (ctx) => summarizedTxFees(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query.target),
  getDailySales: async (ctx) =>
    dailySales(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query.start_date, ctx.query.end_date),
  getSalesSummary: async (ctx) => salesSummary(ctx.deps.db, callerMembership(ctx).merchantId, ctx.deps.now()),
  // The caller's own roles, read from the database: the client names no merchant.
  getMerchantsSalesToday: async (ctx) => merchantsSalesToday(ctx.deps.db, callerOf(ctx).userId, ctx.deps.now()),
  getSetupProgress: async (ctx) =>
    setupProgress(ctx.deps.db, callerMembership(ctx).merchantId, {
      now: ctx.deps.now(),
      holdHours: ctx.deps.config.bankAccountHoldHours,
    }),
  listMerchantUsers: async (ctx) => listMerchantUsers(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
};
