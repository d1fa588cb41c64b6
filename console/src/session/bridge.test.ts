import { describe, expect, it } from 'vitest';
import { createSessionBridge } from './bridge';
import { STORAGE_KEYS } from './storage';
import { createSessionStore } from './store';
import { memoryStorages } from './testing';

const session = (token: string, popinfoId: string) => ({
  [STORAGE_KEYS.token]: token,
  [STORAGE_KEYS.popinfoId]: popinfoId,
});

describe('session bridge', () => {
  it("refreshes with this session's own storage even when localStorage holds another sign-in", () => {
    // This tab signed in without keeping the session; another tab then kept its own in localStorage.
    const storages = memoryStorages(session('other-token', 'popinfo-other'), session('own-token', 'popinfo-own'));
    const store = createSessionStore({ useSession: true, popinfoId: 'popinfo-own' });
    const bridge = createSessionBridge(
      store,
      () => storages,
      () => {},
    );

    expect(bridge.readRefreshCredentials()).toEqual({ reauthToken: 'own-token', popinfoId: 'popinfo-own' });
    bridge.storeReauthToken('own-token-2');
    expect(storages.session.getItem(STORAGE_KEYS.token)).toBe('own-token-2');
    expect(storages.local.getItem(STORAGE_KEYS.token)).toBe('other-token');
  });

  it('never uses a token left by another sign-in in the same storage', () => {
    const storages = memoryStorages(session('replaced-token', 'popinfo-new'));
    const store = createSessionStore({ useSession: false, popinfoId: 'popinfo-old' });
    const bridge = createSessionBridge(
      store,
      () => storages,
      () => {},
    );
    expect(bridge.readRefreshCredentials()).toBeNull();
  });
});
