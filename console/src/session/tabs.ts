import { STORAGE_KEYS, type Storages, storageFor, writeStoredSession } from './storage';
import type { SessionStore } from './store';
import type { MerchantEntry, UserInfo } from './types';

/** The part of BroadcastChannel the tab sync uses (an in-memory fake in tests). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * A link this tab is about to open in a new tab (middle click, Ctrl/⌘-click, context menu). Kept in
 * localStorage so that the new tab knows, before it waits for anything, that a handover may come; it
 * holds the link and a time limit only, never a token.
 */
export const HANDOVER_KEY = 'tab_handover';

/**
 * How long an opened link may take to load and ask; how long the new tab waits for the opening tab to
 * take the question up (a tab that has since closed never does); and, once it has, how long for the
 * session it then asks the server for (a call like any other: on a loaded machine it takes seconds).
 */
export const HANDOVER_WINDOW_MS = 60_000;
export const HANDOVER_WAIT_MS = 5_000;
export const HANDOVER_FORK_WAIT_MS = 30_000;
/**
 * A context menu may be opened only to copy the link: its marker lasts long enough to choose
 * 「新しいタブで開く」, not for the copied address to be pasted into a tab (which must sign in, §4).
 */
export const CONTEXT_MENU_WINDOW_MS = 15_000;

/** A session family of the new tab's own (POST /sessions/current/forks), in the opening tab's sign-in. */
export interface ForkedSession {
  popinfoId: string;
  reauthToken: string;
}

interface HandedSession extends ForkedSession {
  user: UserInfo;
  merchants: MerchantEntry[];
  selectedMerchantId: number;
}

type TabMessage =
  /** A refresh rotated the reauth token `previous` into `next`: tabs holding `previous` take `next`. */
  | { type: 'rotated'; popinfoId: string; previous: string; next: string }
  /** A new tab opened at `target` asks the tab that opened it for its session. */
  | { type: 'ask'; id: string; target: string; nonce: string }
  /** The opening tab took the question up and is asking the server for the new tab's session. */
  | { type: 'accepted'; id: string }
  | { type: 'give'; id: string; session: HandedSession }
  /** The opening tab could not get a session for the new tab: it signs in. */
  | { type: 'decline'; id: string };

const isMessage = (data: unknown): data is TabMessage =>
  typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';

/**
 * The path of an address: what a link and the tab it opened agree on (not the query: a list page
 * writes its default filter into the address before the session is asked for).
 */
export function linkTarget(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    if (url.origin !== new URL(base).origin) return null;
    return url.pathname;
  } catch {
    return null;
  }
}

export interface TabSyncDeps {
  store: SessionStore;
  storages: () => Storages;
  /** Null where the browser has no BroadcastChannel: every tab then stands alone, as before. */
  channel: ChannelLike | null;
  now: () => number;
  /** This tab's address (path and query), read when a handover is asked for. */
  currentTarget: () => string;
  newId: () => string;
  /**
   * Asks the server for a session family of the new tab's own: tabs never share a rotating reauth
   * token, so one tab's refresh cannot spend another's (which the server would take for a stolen token).
   */
  fork: () => Promise<ForkedSession>;
}

export interface TabSync {
  /** A refresh of this tab rotated the reauth token. */
  announceRotation(previous: string, next: string): void;
  /** This signed-in tab is about to open `target` in a new tab, within `windowMs` (HANDOVER_WINDOW_MS). */
  arm(target: string, windowMs?: number): void;
  /**
   * At start without credentials: when a signed-in tab has just opened this one, take its session into
   * this tab's sessionStorage. Resolves true when a session arrived.
   */
  requestHandover(): Promise<boolean>;
}

/**
 * Tabs of one sign-in. A session not kept (sessionStorage) lives in one tab; a tab that tab opens
 * receives a session family of its own, forked by the server from the opener's (§4's storage rule holds:
 * it is again in sessionStorage, and a tab opened on its own still signs in). A logout in any of them
 * ends them all on the server. Tabs that do share a token (a kept session in localStorage, or a tab the
 * browser duplicated with its sessionStorage) refresh one at a time under a Web Lock (api/client.ts),
 * and when one rotates it, the others holding the old token take the new one at once.
 */
export function createTabSync(deps: TabSyncDeps): TabSync {
  const { store, channel } = deps;
  // The marker names the tab that wrote it by a random nonce: of two tabs that armed the same link,
  // only the one whose marker the new tab read answers it.
  let armed: { target: string; until: number; nonce: string } | null = null;
  const waiting = new Map<string, { accepted(): void; settle(session: HandedSession | null): void }>();

  function readPending(): { target: string; until: number; nonce: string } | null {
    const raw = deps.storages().local.getItem(HANDOVER_KEY);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as { target?: unknown; until?: unknown; nonce?: unknown };
      return typeof value.target === 'string' && typeof value.until === 'number' && typeof value.nonce === 'string'
        ? { target: value.target, until: value.until, nonce: value.nonce }
        : null;
    } catch {
      return null;
    }
  }

  function takeRotation(message: Extract<TabMessage, { type: 'rotated' }>) {
    const state = store.getState();
    if (state.popinfoId !== message.popinfoId) return;
    const storage = storageFor(deps.storages(), state.useSession);
    if (storage.getItem(STORAGE_KEYS.token) === message.previous) storage.setItem(STORAGE_KEYS.token, message.next);
    if (state.reauthToken === message.previous) store.setState({ reauthToken: message.next });
  }

  async function answer(message: Extract<TabMessage, { type: 'ask' }>) {
    if (!channel || !armed || armed.target !== message.target || armed.nonce !== message.nonce) return;
    if (deps.now() > armed.until) return;
    const { user, selectedMerchantId, merchants, initialized } = store.getState();
    if (!initialized || !user || selectedMerchantId === null) return;
    armed = null;
    channel.postMessage({ type: 'accepted', id: message.id } satisfies TabMessage);
    let forked: ForkedSession;
    try {
      forked = await deps.fork();
    } catch {
      channel.postMessage({ type: 'decline', id: message.id } satisfies TabMessage);
      return;
    }
    const session: HandedSession = { ...forked, user, merchants, selectedMerchantId };
    channel.postMessage({ type: 'give', id: message.id, session } satisfies TabMessage);
  }

  channel?.addEventListener('message', ({ data }) => {
    if (!isMessage(data)) return;
    if (data.type === 'rotated') takeRotation(data);
    else if (data.type === 'ask') void answer(data);
    else if (data.type === 'accepted') waiting.get(data.id)?.accepted();
    else if (data.type === 'give') waiting.get(data.id)?.settle(data.session);
    else if (data.type === 'decline') waiting.get(data.id)?.settle(null);
  });

  return {
    announceRotation(previous, next) {
      const { popinfoId } = store.getState();
      if (!channel || !popinfoId || previous === next) return;
      channel.postMessage({ type: 'rotated', popinfoId, previous, next } satisfies TabMessage);
    },
    arm(target, windowMs = HANDOVER_WINDOW_MS) {
      const until = deps.now() + windowMs;
      armed = { target, until, nonce: deps.newId() };
      deps.storages().local.setItem(HANDOVER_KEY, JSON.stringify(armed));
    },
    requestHandover() {
      const pending = readPending();
      const target = deps.currentTarget();
      if (!channel || !pending || pending.target !== target || deps.now() > pending.until) {
        return Promise.resolve(false);
      }
      const id = deps.newId();
      return new Promise<boolean>((resolve) => {
        const giveUp = () => {
          waiting.delete(id);
          resolve(false);
        };
        let timer = setTimeout(giveUp, HANDOVER_WAIT_MS);
        const settle = (session: HandedSession | null) => {
          clearTimeout(timer);
          waiting.delete(id);
          const storages = deps.storages();
          storages.local.removeItem(HANDOVER_KEY);
          if (!session) {
            resolve(false);
            return;
          }
          // Handed over as it was given: not kept, so in this tab's sessionStorage (§4).
          writeStoredSession(storages, true, {
            reauthToken: session.reauthToken,
            popinfoId: session.popinfoId,
            user: session.user,
            merchants: session.merchants,
            selectedMerchantId: session.selectedMerchantId,
          });
          // No authorization is handed over: the new tab refreshes its own token for one.
          resolve(true);
        };
        const accepted = () => {
          clearTimeout(timer);
          timer = setTimeout(giveUp, HANDOVER_FORK_WAIT_MS);
        };
        waiting.set(id, { accepted, settle });
        channel.postMessage({ type: 'ask', id, target, nonce: pending.nonce } satisfies TabMessage);
      });
    },
  };
}
