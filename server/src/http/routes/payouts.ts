import { listGroupPayouts, listPayouts } from '../../domain/payouts';
import { listMerchantRebates, listUtilityBills } from '../../domain/rebatesAndBills';
import { type CallHandlers, callerMembership } from './context';

// Payouts, rebates and utility bills: reads only (the payout run is the operator's, npm run admin).
export const payoutHandlers: CallHandlers<
  'listPayouts' | 'listGroupPayouts' | 'listMerchantRebates' | 'listUtilityBills'
> = {
  listPayouts: async (ctx) =>
    listPayouts(
      ctx.deps.db,
      callerMembership(ctx).merchantId,
      ctx.query,
      ctx.deps.now(),
      ctx.deps.config.bankAccountHoldHours,
    ),
  listGroupPayouts: async (ctx) =>
    listGroupPayouts(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query, ctx.deps.now()),
  listMerchantRebates: async (ctx) => listMerchantRebates(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  listUtilityBills: async (ctx) => listUtilityBills(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
};
