import { loadMerchantsApi, loadSessionsApi } from '@/api/lazy';
import { navigateTo } from '@/app/navigation';
import { handleRefreshRejected, handleTabFork, tabSync } from './bridge-instance';
import { type DraftOwner, draftHrefFor, keepDraft, PAGE_MAIN_ID, resumeDraft } from './formDraft';
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

/** The signed-in user and merchant a draft belongs to; null when signed out. */
function draftOwner(): DraftOwner | null {
  const { user, selectedMerchantId } = sessionStore.getState();
  return user ? { userId: user.user_id, merchantId: selectedMerchantId } : null;
}

/**
 * The sign-in ended for inactivity (the idle guard's deadline, or the server's 401 session_timed_out):
 * what the page holds typed is kept for the same user's next sign-in, then the session ends here and
 * Login says why (issue 48). Several refused calls may arrive: only the first, still signed in, keeps it.
 */
export function signOutForInactivity(): void {
  const owner = draftOwner();
  if (owner) {
    const { pathname, search } = window.location;
    keepDraft(browserStorages().session, owner, `${pathname}${search}`, document.getElementById(PAGE_MAIN_ID));
  }
  session.forcedLogout('idle');
}

/** After a sign-in: the page a draft of this user waits on, if any (another user's is deleted). */
export function draftReturnHref(): string | null {
  const owner = draftOwner();
  return owner ? draftHrefFor(browserStorages().session, owner) : null;
}

/** In the signed-in shell: puts a draft's values back on its page as it appears; answers how to stop watching. */
export function resumeFormDraft(): () => void {
  const owner = draftOwner();
  if (!owner) return () => {};
  return resumeDraft(browserStorages().session, owner, window.location.pathname, document.getElementById(PAGE_MAIN_ID));
}

handleRefreshRejected((reason) => (reason === 'idle' ? signOutForInactivity() : session.forcedLogout()));
handleTabFork(async () => {
  const openerToken = sessionStore.getState().reauthToken;
  if (!openerToken) throw new Error('no reauth token to prove the opener tab');
  const forked = await (await loadSessionsApi()).forkSession(openerToken);
  return { popinfoId: forked.popinfo_id, reauthToken: forked.reauth_token };
});

export { tabSync } from './bridge-instance';
export { PAGE_MAIN_ID } from './formDraft';
export { IDLE_LOGOUT_TARGET, type LoginOutcome, type PendingSecondStep } from './service';
export { selectRole, selectSelectedMerchant, sessionStore, useSessionState } from './store';
export type { MerchantEntry, SessionState, UserInfo } from './types';
