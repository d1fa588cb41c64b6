import { identityEmail } from '../../domain/identities';
import { type CallHandlers, callerOf } from './context';

export const identityHandlers: CallHandlers<'getIdentityEmail'> = {
  getIdentityEmail: async (ctx) => identityEmail(ctx.deps.db, callerOf(ctx).userId, ctx.params.id),
};
