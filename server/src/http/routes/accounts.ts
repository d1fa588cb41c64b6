import { randomInt } from 'node:crypto';
import { changeEmail, changePassword, requestPasswordReset, resetPassword, verifyEmail } from '../../domain/accounts';
import type { AccountDeps } from '../../domain/merchantUsers';
import {
  activateInvitation,
  inviteMerchantUser,
  resendInvitation,
  updateMerchantUser,
  verifyInvitation,
} from '../../domain/merchantUsers';
import { endSignInsAtMerchant } from '../../domain/signIns';
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

/** A random delay from half of `maxMs` to `maxMs` (0 when it is 0). */
export const resetDelay = (maxMs: number): number =>
  maxMs === 0 ? 0 : Math.floor(maxMs / 2) + randomInt(Math.ceil(maxMs / 2) + 1);

export const accountHandlers: CallHandlers<AccountCall> = {
  inviteMerchantUser: async (ctx) => inviteMerchantUser(accountDeps(ctx), callerMembership(ctx).merchantId, ctx.body),
  async updateMerchantUser(ctx) {
    const { merchantId } = callerMembership(ctx);
    const updated = await updateMerchantUser(accountDeps(ctx), merchantId, ctx.params.user_id, ctx.body);
    // Suspended: their sign-ins at this shop end now, not at their next request (issue 48).
    if (ctx.body.status === 'SUSPENDED') {
      await endSignInsAtMerchant(ctx.deps.db, ctx.params.user_id, merchantId, 'suspended', ctx.deps.now());
    }
    return updated;
  },
  resendMerchantUserInvitation: async (ctx) =>
    resendInvitation(accountDeps(ctx), callerMembership(ctx).merchantId, ctx.params.user_id),
  verifyInvitation: async (ctx) => verifyInvitation(accountDeps(ctx), ctx.params.token),
  activateInvitation: async (ctx) => activateInvitation(accountDeps(ctx), ctx.body),
  verifyEmail: async (ctx) => verifyEmail(accountDeps(ctx), ctx.body.token),
  async requestPasswordReset(ctx) {
    // Answer first, look the address up after a random delay: known and unknown addresses answer in the
    // same time, and the answers that follow are not slowed by the mail of a known one (PGlite has one
    // connection). The delay is drawn for every request, known or not.
    const deps = accountDeps(ctx);
    const delayMs = resetDelay(ctx.deps.config.resetMailDelayMs);
    ctx.deps.background.run('password reset', () => requestPasswordReset(deps, ctx.body), { delayMs });
    return { ok: true };
  },
  resetPassword: async (ctx) => resetPassword(accountDeps(ctx), ctx.params.token, ctx.body.password),
  changePassword: async (ctx) => {
    const caller = callerOf(ctx);
    return changePassword(accountDeps(ctx), caller, ctx.params.id, ctx.body);
  },
  changeEmail: async (ctx) => changeEmail(accountDeps(ctx), callerOf(ctx).userId, ctx.params.id, ctx.body),
};
