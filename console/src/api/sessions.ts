import { type CallRequestBody, PLATFORM } from '@coin/contract';
import { api } from './instance';

/** POST /sessions/merchant: sign in; the client keeps the answered Authorization. */
export const createMerchantSession = (credentials: Omit<CallRequestBody<'createMerchantSession'>, 'platform'>) =>
  api.call('createMerchantSession', { body: { ...credentials, platform: PLATFORM } });

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
