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
import { type CallContext, type CallHandlers, callerMembership, callerOf } from './context';

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
  confirmTotp: async (ctx) => confirmTotp(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.body.code, ctx.deps.now()),
  deleteTotp: async (ctx) => deleteTotp(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.deps.now()),
  passkeyRegistrationOptions: async (ctx) => ({
    options: {
      ...(await passkeyRegistrationOptions(ctx.deps.db, actorOf(ctx), ctx.params.id, partyOf(ctx), ctx.deps.now())),
    },
  }),
  registerPasskey: async (ctx) =>
    registerPasskey(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.body, partyOf(ctx), ctx.deps.now()),
  deletePasskey: async (ctx) =>
    deletePasskey(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.params.passkey_id, ctx.deps.now()),
  regenerateRecoveryCodes: async (ctx) =>
    regenerateRecoveryCodes(ctx.deps.db, actorOf(ctx), ctx.params.id, ctx.deps.now()),
  getMerchantTwoStep: async (ctx) => merchantTwoStep(ctx.deps.db, callerMembership(ctx).merchantId),
  putMerchantTwoStep: async (ctx) =>
    setMerchantTwoStep(ctx.deps.db, callerMembership(ctx).merchantId, actorOf(ctx), ctx.body.required, ctx.deps.now()),
};
