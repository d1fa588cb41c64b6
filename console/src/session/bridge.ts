import type { SessionBridge } from '@/api/client';
import { readStoredSession, restoredUseSession, type Storages, writeStoredSession } from './storage';
import type { SessionStore } from './store';

/** Connects the API client to the session store and storage. */
export function createSessionBridge(
  store: SessionStore,
  storages: () => Storages,
  onRefreshRejected: () => void,
): SessionBridge {
  return {
    getAuthorization: () => store.getState().authorization,
    setAuthorization: (authorization) => store.setState({ authorization }),
    readRefreshCredentials() {
      const stored = readStoredSession(storages());
      return stored.reauthToken && stored.popinfoId
        ? { reauthToken: stored.reauthToken, popinfoId: stored.popinfoId }
        : null;
    },
    storeReauthToken(reauthToken) {
      writeStoredSession(storages(), restoredUseSession(storages()), { reauthToken });
      store.setState({ reauthToken });
    },
    onRefreshRejected,
  };
}
