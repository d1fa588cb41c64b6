import { createSessionBridge } from './bridge';
import { browserStorages, sessionStore } from './store';

let refreshRejectedHandler: () => void = () => {};

/** The session service registers what a refused refresh does (a forced logout). */
export function handleRefreshRejected(handler: () => void): void {
  refreshRejectedHandler = handler;
}

export const sessionBridge = createSessionBridge(sessionStore, browserStorages, () => refreshRejectedHandler());
