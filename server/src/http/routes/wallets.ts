import { getWallet, requestedRefunds } from '../../domain/wallets';
import { type CallHandlers, callerMembership } from './context';

export const walletHandlers: CallHandlers<'getWallet' | 'listRequestedRefunds'> = {
  getWallet: async (ctx) => getWallet(ctx.deps.db, ctx.params.wallet_no),
  listRequestedRefunds: async (ctx) => requestedRefunds(ctx.deps.db, callerMembership(ctx).merchantId),
};
