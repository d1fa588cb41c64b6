import { staffOf } from '../../domain/securityMail';
import {
  confirmTotp,
  deletePasskey,
  deleteTotp,
  merchantTwoStep,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  setMerchantTwoStep,
  startTotp,
  twoStepStatus,
  webAuthnPartyOf,
} from '../../domain/twoStep';
import { type CallContext, type CallHandlers, callerMembership, callerOf, tellSecurity } from './context';

// Two-step sign-in (issue 24): the caller's own factors (`{id}` is the caller), and the merchant's
// requirement. The calls that change factors are step-up calls (auth.ts checks the proof first).

type TwoStepCall =
  | 'getTwoStep'
  | 'startTotp'
  | 'confirmTotp'
  | 'deleteTotp'
  | 'passkeyRegistrationOptions'
  | 'registerPasskey'
  | 'deletePasskey'
  | 'regenerateRecoveryCodes'
  | 'getMerchantTwoStep'
  | 'putMerchantTwoStep';

const actorOf = (ctx: CallContext<TwoStepCall>) => ({ userId: callerOf(ctx).userId, clientIp: ctx.request.ip });
const partyOf = (ctx: CallContext<TwoStepCall>) => webAuthnPartyOf(ctx.deps.config.publicUrl);

export const twoStepHandlers: CallHandlers<TwoStepCall> = {
  getTwoStep: async (ctx) => twoStepStatus(ctx.deps.db, actorOf(ctx), ctx.params.id),
  startTotp: async (ctx) => startTotp(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.deps.now()),
  confirmTotp: async (ctx) => {
    const enrolled = await confirmTotp(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.body.code, ctx.deps.now());
    await tellSecurity(ctx, { kind: 'totp_added' });
    return enrolled;
  },
  deleteTotp: async (ctx) => {
    const removed = await deleteTotp(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.deps.now());
    await tellSecurity(ctx, { kind: 'totp_removed' });
    return removed;
  },
  passkeyRegistrationOptions: async (ctx) => ({
    options: {
      ...(await passkeyRegistrationOptions(ctx.deps.db, actorOf(ctx), ctx.params.id, partyOf(ctx), ctx.deps.now())),
    },
  }),
  registerPasskey: async (ctx) => {
    const registered = await registerPasskey(
      ctx.deps.db,
      actorOf(ctx),
      ctx.params.id,
      ctx.body,
      partyOf(ctx),
      ctx.deps.now(),
    );
    await tellSecurity(ctx, { kind: 'passkey_added', name: ctx.body.name });
    return registered;
  },
  deletePasskey: async (ctx) => {
    const { name } = await deletePasskey(
      ctx.deps.db,
      actorOf(ctx),
      ctx.params.id,
      ctx.params.passkey_id,
      ctx.deps.now(),
    );
    await tellSecurity(ctx, { kind: 'passkey_removed', name });
    return { ok: true as const };
  },
  regenerateRecoveryCodes: async (ctx) => {
    const codes = await regenerateRecoveryCodes(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.deps.now());
    await tellSecurity(ctx, { kind: 'recovery_codes_regenerated' });
    return codes;
  },
  getMerchantTwoStep: async (ctx) => merchantTwoStep(ctx.deps.db, callerMembership(ctx).merchantId),
  putMerchantTwoStep: async (ctx) => {
    const { merchantId } = callerMembership(ctx);
    const { changed, merchantName, ...answer } = await setMerchantTwoStep(
      ctx.deps.db,
      merchantId,
      actorOf(ctx),
      ctx.body.required,
      ctx.deps.now(),
    );
    // Each staff member is told that the shop requires two-step sign-in of them, or no longer does.
    if (changed) {
      await tellSecurity(
        ctx,
        { kind: 'two_step_required', merchantName, required: answer.required },
        { to: await staffOf(ctx.deps.db, merchantId) },
      );
    }
    return answer;
  },
};
