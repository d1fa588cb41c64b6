import {
  forkSession,
  lockoutPolicyOf,
  refreshSession,
  revokeFamily,
  signIn,
  stepUpSession,
  switchMerchant,
} from '../../domain/sessions';
import { type CallHandlers, callerMembership, callerOf, issueAuthorization, mailLockout } from './context';

export const sessionHandlers: CallHandlers<
  'createMerchantSession' | 'refreshSession' | 'switchMerchantSession' | 'endSession' | 'forkSession' | 'stepUpSession'
> = {
  async stepUpSession(ctx) {
    const until = await stepUpSession(
      ctx.deps.db,
      callerOf(ctx),
      ctx.body.password,
      ctx.deps.now(),
      lockoutPolicyOf(ctx.deps.config),
      mailLockout(ctx),
    );
    return { stepped_up_until: until.toISOString() };
  },

  async forkSession(ctx) {
    const forked = await forkSession(ctx.deps.db, callerOf(ctx), ctx.body.reauth_token, ctx.deps.now());
    return { popinfo_id: forked.popinfoId, reauth_token: forked.reauthToken };
  },

  async endSession(ctx) {
    await revokeFamily(ctx.deps.db, callerOf(ctx).popinfoId, ctx.deps.now());
    return { ok: true };
  },

  async createMerchantSession(ctx) {
    const { config } = ctx.deps;
    const opened = await signIn(ctx.deps.db, ctx.body, ctx.deps.now(), lockoutPolicyOf(config), mailLockout(ctx));
    if (!opened.session) return { merchant_roles: [], identity: { user_id: opened.userId } };
    await issueAuthorization(ctx, { userId: opened.userId, popinfoId: opened.session.popinfoId, merchantId: null });
    return {
      merchant_roles: opened.merchantRoles,
      identity: { user_id: opened.userId },
      reauth_token: opened.session.reauthToken,
    };
  },

  async refreshSession(ctx) {
    const rotated = await refreshSession(ctx.deps.db, {
      reauthToken: ctx.body.reauth_token,
      popinfoId: ctx.body.popinfo_id,
      platform: ctx.body.platform,
    });
    await issueAuthorization(ctx, rotated);
    return { reauth_token: rotated.reauthToken };
  },

  async switchMerchantSession(ctx) {
    const caller = callerOf(ctx);
    const { merchantId } = callerMembership(ctx);
    const switched = await switchMerchant(ctx.deps.db, {
      userId: caller.userId,
      popinfoId: caller.popinfoId,
      merchantId,
    });
    await issueAuthorization(ctx, { userId: caller.userId, popinfoId: caller.popinfoId, merchantId });
    return {
      reauth_token: switched.reauthToken,
      merchant_user: { user_nick_name: switched.nickName, role: switched.role },
    };
  },
};
