import type { SignOutReason } from '@/api/client';
import { createSessionBridge } from './bridge';
import { browserStorages, sessionStore } from './store';
import { createTabSync, type ForkedSession, linkTarget } from './tabs';

let refreshRejectedHandler: (reason?: SignOutReason) => void = () => {};
let forkHandler: () => Promise<ForkedSession> = () => Promise.reject(new Error('no fork handler'));

/** The session service registers how a new tab's session is asked of the server (the API loads lazily). */
export function handleTabFork(handler: () => Promise<ForkedSession>): void {
  forkHandler = handler;
}

/** The session service registers what a refused refresh does (a forced logout, `idle` for inactivity). */
export function handleRefreshRejected(handler: (reason?: SignOutReason) => void): void {
  refreshRejectedHandler = handler;
}

/** The tabs of this browser, kept in step over one BroadcastChannel (session/tabs.ts). */
export const tabSync = createTabSync({
  store: sessionStore,
  storages: browserStorages,
  // Only in a browser (a channel would hold a Node test process open).
  channel:
    typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
      ? null
      : new BroadcastChannel('coin-console-session'),
  now: () => Date.now(),
  currentTarget: () => linkTarget(window.location.href, window.location.href) ?? '',
  // getRandomValues works outside secure contexts too (randomUUID does not).
  newId: () => Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join(''),
  fork: () => forkHandler(),
});

export const sessionBridge = createSessionBridge(
  sessionStore,
  browserStorages,
  (reason) => refreshRejectedHandler(reason),
  (previous, next) => tabSync.announceRotation(previous, next),
);
