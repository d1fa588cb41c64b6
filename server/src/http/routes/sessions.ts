import type { CallId } from '@coin/contract';
import { deviceOf } from '../../domain/devices';
import { DomainError } from '../../domain/errors';
import { addressOf, recoveryCodesLeft } from '../../domain/securityMail';
import {
  completeSecondStep,
  forkSession,
  lockoutPolicyOf,
  type OpenedSession,
  refreshSession,
  revokeFamily,
  type SignInOrigin,
  signIn,
  switchMerchant,
} from '../../domain/sessions';
import { endOwnSignIns, listSignIns, touchSignIn } from '../../domain/signIns';
import { stepUpSession } from '../../domain/stepUp';
import {
  type FactorProof,
  secondStepPasskeyOptions,
  stepUpPasskeyOptions,
  webAuthnPartyOf,
} from '../../domain/twoStep';
import {
  auditCall,
  type CallContext,
  type CallHandlers,
  callerMembership,
  callerOf,
  issueAuthorization,
  mailLockout,
  tellSecurity,
} from './context';

/** A recovery code proved the user: they are told, with the number of codes left (issue 45). */
async function tellRecoveryCodeUsed(ctx: CallContext<'completeSecondStep' | 'stepUpSession'>, userId: number) {
  const left = await recoveryCodesLeft(ctx.deps.db, userId);
  await tellSecurity(ctx, { kind: 'recovery_code_used', left }, { to: await addressOf(ctx.deps.db, userId) });
}

/** Where a sign-in comes from: its browser and system, and its address (issue 48). */
const originOf = (ctx: CallContext<CallId>): SignInOrigin => ({
  device: deviceOf(ctx.request.headers['user-agent']),
  clientIp: ctx.request.ip,
});

/** The caller and the sign-in its authorization belongs to (the auth hook read it). */
function ownSignIn(ctx: CallContext<CallId>) {
  const signInId = ctx.request.signInId;
  if (!signInId) throw new DomainError('unauthorized');
  return { userId: callerOf(ctx).userId, signInId, clientIp: ctx.request.ip };
}

/** What a sign-in answers once its session is open (or that it has none: no merchant role). */
async function signedIn(ctx: CallContext<'createMerchantSession' | 'completeSecondStep'>, opened: OpenedSession) {
  if (opened.secondStep)
    return { merchant_roles: [], identity: { user_id: opened.userId }, second_step: opened.secondStep };
  if (!opened.session) return { merchant_roles: [], identity: { user_id: opened.userId } };
  await issueAuthorization(ctx, { userId: opened.userId, popinfoId: opened.session.popinfoId, merchantId: null });
  return {
    merchant_roles: opened.merchantRoles,
    identity: { user_id: opened.userId },
    reauth_token: opened.session.reauthToken,
  };
}

export const sessionHandlers: CallHandlers<
  | 'createMerchantSession'
  | 'completeSecondStep'
  | 'secondStepPasskeyOptions'
  | 'stepUpPasskeyOptions'
  | 'refreshSession'
  | 'switchMerchantSession'
  | 'endSession'
  | 'forkSession'
  | 'stepUpSession'
  | 'listSignIns'
  | 'endSignIn'
  | 'endOtherSignIns'
  | 'touchSession'
> = {
  // Issue 48: the caller's own sign-ins (ログイン中の端末) and inactivity.
  listSignIns: async (ctx) => listSignIns(ctx.deps.db, ownSignIn(ctx), ctx.deps.now()),
  async endSignIn(ctx) {
    const ended = await endOwnSignIns(ctx.deps.db, ownSignIn(ctx), { signInId: ctx.params.sign_in_id }, ctx.deps.now());
    return { ended };
  },
  async endOtherSignIns(ctx) {
    return { ended: await endOwnSignIns(ctx.deps.db, ownSignIn(ctx), 'others', ctx.deps.now()) };
  },
  async touchSession(ctx) {
    const now = ctx.deps.now();
    const { signInId } = ownSignIn(ctx);
    await touchSignIn(ctx.deps.db, signInId, now);
    const { idle_minutes } = await ctx.deps.db
      .selectFrom('session_families')
      .select('idle_minutes')
      .where('popinfo_id', '=', signInId)
      .executeTakeFirstOrThrow();
    return {
      idle_timeout_minutes: idle_minutes,
      expires_at: new Date(now.getTime() + idle_minutes * 60_000).toISOString(),
    };
  },

  async stepUpSession(ctx) {
    const { purpose, merchant_id, ...proof } = ctx.body;
    const made = await stepUpSession(
      ctx.deps.db,
      callerOf(ctx),
      { purpose, merchantId: merchant_id, proof: proof as { password: string } | FactorProof },
      {
        now: ctx.deps.now(),
        party: webAuthnPartyOf(ctx.deps.config.publicUrl),
        policy: lockoutPolicyOf(ctx.deps.config),
        onLocked: mailLockout(ctx),
      },
    );
    if (made.method === 'recovery_code') await tellRecoveryCodeUsed(ctx, callerOf(ctx).userId);
    return { step_up_token: made.token, purpose: made.purpose, expires_at: made.expiresAt.toISOString() };
  },

  async stepUpPasskeyOptions(ctx) {
    const caller = callerOf(ctx);
    const party = webAuthnPartyOf(ctx.deps.config.publicUrl);
    return { options: { ...(await stepUpPasskeyOptions(ctx.deps.db, caller.userId, party, ctx.deps.now())) } };
  },

  async completeSecondStep(ctx) {
    const { token, ...proof } = ctx.body;
    const opened = await completeSecondStep(
      ctx.deps.db,
      { token, proof: proof as FactorProof },
      {
        now: ctx.deps.now(),
        party: webAuthnPartyOf(ctx.deps.config.publicUrl),
        policy: lockoutPolicyOf(ctx.deps.config),
        onLocked: mailLockout(ctx),
        clientIp: ctx.request.ip,
        origin: originOf(ctx),
      },
    );
    if ('recovery_code' in proof) await tellRecoveryCodeUsed(ctx, opened.userId);
    return signedIn(ctx, opened);
  },

  async secondStepPasskeyOptions(ctx) {
    const party = webAuthnPartyOf(ctx.deps.config.publicUrl);
    return { options: { ...(await secondStepPasskeyOptions(ctx.deps.db, ctx.body.token, party, ctx.deps.now())) } };
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
    const opened = await signIn(
      ctx.deps.db,
      { ...ctx.body, origin: originOf(ctx) },
      ctx.deps.now(),
      lockoutPolicyOf(config),
      mailLockout(ctx),
    );
    return signedIn(ctx, opened);
  },

  async refreshSession(ctx) {
    const rotated = await refreshSession(
      ctx.deps.db,
      { reauthToken: ctx.body.reauth_token, popinfoId: ctx.body.popinfo_id, platform: ctx.body.platform },
      ctx.deps.now(),
    );
    await issueAuthorization(ctx, rotated);
    return { reauth_token: rotated.reauthToken };
  },

  async switchMerchantSession(ctx) {
    const caller = callerOf(ctx);
    const { merchantId } = callerMembership(ctx);
    const switched = await switchMerchant(
      ctx.deps.db,
      { userId: caller.userId, popinfoId: caller.popinfoId, merchantId },
      ctx.deps.now(),
    );
    await issueAuthorization(ctx, { userId: caller.userId, popinfoId: caller.popinfoId, merchantId });
    await auditCall(ctx, 'session.signed_in', { after: { device: deviceOf(ctx.request.headers['user-agent']) } });
    return {
      reauth_token: switched.reauthToken,
      merchant_user: { user_nick_name: switched.nickName, role: switched.role },
    };
  },
};
