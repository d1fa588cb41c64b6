import { currentRole, type Role } from '@coin/contract';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Storages } from './storage';
import { INITIAL_SESSION_STATE, type MerchantEntry, type SessionState } from './types';

export type SessionStore = StoreApi<SessionState>;

export const createSessionStore = (initial: Partial<SessionState> = {}): SessionStore =>
  createStore<SessionState>()(() => ({ ...INITIAL_SESSION_STATE, ...initial }));

/** The app's one session store. */
export const sessionStore = createSessionStore();

/** The browser's storages, looked up when used (never at import time). */
export const browserStorages = (): Storages => ({ local: window.localStorage, session: window.sessionStorage });

/** §6: the user's role for the selected merchant, defaulting to Member. */
export const selectRole = (state: SessionState): Role => currentRole(state.user?.roles ?? [], state.selectedMerchantId);

export const selectSelectedMerchant = (state: SessionState): MerchantEntry | undefined =>
  state.merchants.find((m) => m.merchant_id === state.selectedMerchantId);

export function useSessionState<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
