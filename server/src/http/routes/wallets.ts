import { getWallet, requestedRefunds, walletHistories } from '../../domain/wallets';
import { type CallHandlers, callerMembership } from './context';

export const walletHandlers: CallHandlers<'getWallet' | 'listWalletHistories' | 'listRequestedRefunds'> = {
  getWallet: async (ctx) => getWallet(ctx.deps.db, ctx.params.wallet_no),
  listWalletHistories: async (ctx) => walletHistories(ctx.deps.db, ctx.params.wallet_no, ctx.query),
  listRequestedRefunds: async (ctx) => requestedRefunds(ctx.deps.db, callerMembership(ctx).merchantId),
};
