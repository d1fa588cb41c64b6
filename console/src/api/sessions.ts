import { type CallRequestBody, PLATFORM } from '@coin/contract';
import { api } from './instance';

/** POST /sessions/merchant: sign in; the client keeps the answered Authorization. */
export const createMerchantSession = (credentials: Omit<CallRequestBody<'createMerchantSession'>, 'platform'>) =>
  api.call('createMerchantSession', { body: { ...credentials, platform: PLATFORM } });

/**
 * POST /sessions/merchant/second_step (issue 24): the password step's token and a code, a recovery code
 * or a passkey's answer; answers as a sign-in does, and the client keeps the answered Authorization.
 */
export const completeSecondStep = (body: CallRequestBody<'completeSecondStep'>) =>
  api.call('completeSecondStep', { body });

/** POST /sessions/merchant/second_step/passkey_options: what the account's passkeys sign for the second step. */
export const secondStepPasskeyOptions = (token: string) => api.call('secondStepPasskeyOptions', { body: { token } });

/** POST /merchants/{id}/sessions: bind a new session to the merchant. */
export const switchMerchantSession = (merchantId: number) =>
  api.call('switchMerchantSession', { params: { id: merchantId } });

/** POST /sessions/current/forks: a session family of its own for a tab this one opens (session/tabs.ts). */
/** A tab's own session, asked by the tab that opened it, which shows its current reauth token. */
export const forkSession = (openerReauthToken: string) =>
  api.call('forkSession', { body: { reauth_token: openerReauthToken } });

/** POST /sessions/refresh with the stored reauth token (shared by concurrent callers). */
export const refreshSession = () => api.refresh();

/** DELETE /sessions/current: the server ends the sign-in (fire and forget, with the authorization given). */
export const endSession = (authorization: string) =>
  api.beacon('endSession', { headers: { Authorization: authorization } });
