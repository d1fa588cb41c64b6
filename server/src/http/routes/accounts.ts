import { changeEmail, changePassword, requestPasswordReset, resetPassword, verifyEmail } from '../../domain/accounts';
import type { AccountDeps } from '../../domain/merchantUsers';
import {
  activateInvitation,
  inviteMerchantUser,
  resendInvitation,
  updateMerchantUser,
  verifyInvitation,
} from '../../domain/merchantUsers';
import { type CallContext, type CallHandlers, callerMembership, callerOf, mailLockout } from './context';

type AccountCall =
  | 'inviteMerchantUser'
  | 'updateMerchantUser'
  | 'resendMerchantUserInvitation'
  | 'verifyInvitation'
  | 'activateInvitation'
  | 'verifyEmail'
  | 'requestPasswordReset'
  | 'resetPassword'
  | 'changePassword'
  | 'changeEmail';

/** The dependencies of one call: one clock reading for the whole call. */
function accountDeps(ctx: CallContext<AccountCall>): AccountDeps {
  return {
    db: ctx.deps.db,
    config: ctx.deps.config,
    outbox: ctx.deps.outbox,
    now: ctx.deps.now(),
    actorUserId: ctx.request.auth?.userId ?? null,
    clientIp: ctx.request.ip,
    onLocked: mailLockout(ctx),
  };
}

export const accountHandlers: CallHandlers<AccountCall> = {
  inviteMerchantUser: async (ctx) => inviteMerchantUser(accountDeps(ctx), callerMembership(ctx).merchantId, ctx.body),
  updateMerchantUser: async (ctx) =>
    updateMerchantUser(accountDeps(ctx), callerMembership(ctx).merchantId, ctx.params.user_id, ctx.body),
  resendMerchantUserInvitation: async (ctx) =>
    resendInvitation(accountDeps(ctx), callerMembership(ctx).merchantId, ctx.params.user_id),
  verifyInvitation: async (ctx) => verifyInvitation(accountDeps(ctx), ctx.params.token),
  activateInvitation: async (ctx) => activateInvitation(accountDeps(ctx), ctx.body),
  verifyEmail: async (ctx) => verifyEmail(accountDeps(ctx), ctx.body.token),
  async requestPasswordReset(ctx) {
    // Answer first, look the address up after: known and unknown addresses answer in the same time.
    const deps = accountDeps(ctx);
    ctx.deps.background.run('password reset', () => requestPasswordReset(deps, ctx.body));
    return { ok: true };
  },
  resetPassword: async (ctx) => resetPassword(accountDeps(ctx), ctx.params.token, ctx.body.password),
  changePassword: async (ctx) => {
    const caller = callerOf(ctx);
    return changePassword(accountDeps(ctx), caller, ctx.params.id, ctx.body);
  },
  changeEmail: async (ctx) => changeEmail(accountDeps(ctx), callerOf(ctx).userId, ctx.params.id, ctx.body),
};
