import { createSessionBridge } from './bridge';
import { browserStorages, sessionStore } from './store';
import { createTabSync, linkTarget } from './tabs';

let refreshRejectedHandler: () => void = () => {};

/** The session service registers what a refused refresh does (a forced logout). */
export function handleRefreshRejected(handler: () => void): void {
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
});

export const sessionBridge = createSessionBridge(
  sessionStore,
  browserStorages,
  () => refreshRejectedHandler(),
  (previous, next) => tabSync.announceRotation(previous, next),
);
