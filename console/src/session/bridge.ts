import type { SessionBridge, SignOutReason } from '@/api/client';
import { STORAGE_KEYS, type Storages, storageFor, writeStoredSession } from './storage';
import type { SessionStore } from './store';

/** Connects the API client to the session store and storage. */
export function createSessionBridge(
  store: SessionStore,
  storages: () => Storages,
  onRefreshRejected: (reason?: SignOutReason) => void,
  /** A refresh rotated `previous` into `next` (other tabs holding `previous` take `next`). */
  onRotated: (previous: string, next: string) => void = () => {},
): SessionBridge {
  // The token the refresh under way presented: the one the rotation replaces.
  let presented: string | null = null;
  return {
    getAuthorization: () => store.getState().authorization,
    setAuthorization: (authorization) => store.setState({ authorization }),
    /**
     * The current token of this session's own storage. Another tab may have signed in since (even as
     * another user) and left its session in the other storage, or replaced this one: a token of
     * another sign-in (another popinfo id) is never used.
     */
    readRefreshCredentials() {
      const { useSession, popinfoId } = store.getState();
      const storage = storageFor(storages(), useSession);
      const reauthToken = storage.getItem(STORAGE_KEYS.token);
      const storedPopinfoId = storage.getItem(STORAGE_KEYS.popinfoId);
      if (!reauthToken || !storedPopinfoId || storedPopinfoId !== popinfoId) return null;
      presented = reauthToken;
      return { reauthToken, popinfoId: storedPopinfoId };
    },
    storeReauthToken(reauthToken) {
      writeStoredSession(storages(), store.getState().useSession, { reauthToken });
      store.setState({ reauthToken });
      if (presented) onRotated(presented, reauthToken);
      presented = null;
    },
    onRefreshRejected,
  };
}
