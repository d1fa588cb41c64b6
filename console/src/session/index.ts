import { loadMerchantsApi, loadSessionsApi } from '@/api/lazy';
import { navigateTo } from '@/app/navigation';
import { handleRefreshRejected, handleTabFork, tabSync } from './bridge-instance';
import { createSessionService } from './service';
import { browserStorages, sessionStore } from './store';

/** The app's session: login, merchant switch, logout and initialization over the one store. */
export const session = createSessionService({
  store: sessionStore,
  storages: browserStorages,
  // The API modules load with the first call (see api/lazy.ts), not with the first page.
  api: {
    signIn: (credentials) => loadSessionsApi().then((api) => api.createMerchantSession(credentials)),
    completeSecondStep: (body) => loadSessionsApi().then((api) => api.completeSecondStep(body)),
    secondStepPasskeyOptions: (token) => loadSessionsApi().then((api) => api.secondStepPasskeyOptions(token)),
    getMerchant: (merchantId) => loadMerchantsApi().then((api) => api.getMerchant(merchantId)),
    switchMerchant: (merchantId) => loadSessionsApi().then((api) => api.switchMerchantSession(merchantId)),
    refresh: () => loadSessionsApi().then((api) => api.refreshSession()),
    endSession: (authorization) => {
      void loadSessionsApi().then(
        (api) => api.endSession(authorization),
        () => {},
      );
    },
  },
  // The query cache lives in its own chunk (signed-in pages only), so Login does not load it.
  onMerchantChanged: () => {
    void import('@/app/queryClient').then(({ queryClient }) => queryClient.invalidateQueries());
  },
  onSignedOut: () => {
    void import('@/app/queryClient').then(({ queryClient }) => queryClient.clear());
  },
  navigate: navigateTo,
  handover: () => tabSync.requestHandover(),
});

handleRefreshRejected(() => session.forcedLogout());
handleTabFork(async () => {
  const openerToken = sessionStore.getState().reauthToken;
  if (!openerToken) throw new Error('no reauth token to prove the opener tab');
  const forked = await (await loadSessionsApi()).forkSession(openerToken);
  return { popinfoId: forked.popinfo_id, reauthToken: forked.reauth_token };
});

export { tabSync } from './bridge-instance';
export type { LoginOutcome, PendingSecondStep } from './service';
export { selectRole, selectSelectedMerchant, sessionStore, useSessionState } from './store';
export type { MerchantEntry, SessionState, UserInfo } from './types';
