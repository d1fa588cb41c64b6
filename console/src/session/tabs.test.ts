import { describe, expect, it, vi } from 'vitest';
import { createSessionBridge } from './bridge';
import { STORAGE_KEYS, type Storages } from './storage';
import { createSessionStore, type SessionStore } from './store';
import {
  type ChannelLike,
  CONTEXT_MENU_WINDOW_MS,
  createTabSync,
  HANDOVER_FORK_WAIT_MS,
  HANDOVER_KEY,
  HANDOVER_WAIT_MS,
  HANDOVER_WINDOW_MS,
  linkTarget,
} from './tabs';
import { memoryStorages } from './testing';
import type { MerchantEntry, UserInfo } from './types';

/** BroadcastChannel's delivery between tabs, in memory: every other member gets each message, later. */
function channelHub() {
  const members: { listeners: ((event: { data: unknown }) => void)[] }[] = [];
  return {
    join(): ChannelLike {
      const member = { listeners: [] as ((event: { data: unknown }) => void)[] };
      members.push(member);
      return {
        postMessage(message) {
          const data = structuredClone(message);
          for (const other of members) {
            if (other === member) continue;
            queueMicrotask(() => {
              for (const listener of other.listeners) listener({ data });
            });
          }
        },
        addEventListener(_type, listener) {
          member.listeners.push(listener);
        },
      };
    },
  };
}

const user: UserInfo = {
  user_id: 7,
  email: 'owner@example.com',
  name: 'ニック',
  roles: [{ merchant_id: 1, role: 'Owner' }],
};
const merchants: MerchantEntry[] = [
  {
    merchant_id: 1,
    name: '本店',
    wallet_no: '1000000001',
    reloadable: true,
    allow_subscription: true,
    merchant_group: { id: 10, is_parent: true },
  },
];

interface Tab {
  store: SessionStore;
  storages: Storages & ReturnType<typeof memoryStorages>;
  sync: ReturnType<typeof createTabSync>;
  bridge: ReturnType<typeof createSessionBridge>;
}

/** One browser: localStorage shared by its tabs, sessionStorage per tab, one clock. */
function browser() {
  const hub = channelHub();
  const local = memoryStorages().local;
  let clock = 1_000;
  let ids = 0;
  /** The server's forks (POST /sessions/current/forks), by the popinfo id of the tab that asked. */
  const forks: string[] = [];
  let serverDown = false;
  /** How long the server takes to answer a fork, on the test's (fake) timers. */
  let forkLatencyMs = 0;
  function tab(at: string, signedIn?: { token: string; popinfoId: string }): Tab {
    const own = memoryStorages();
    const storages = { local, session: own.session };
    const store = createSessionStore(
      signedIn
        ? {
            authorization: 'Bearer a',
            reauthToken: signedIn.token,
            popinfoId: signedIn.popinfoId,
            useSession: true,
            user,
            merchants,
            selectedMerchantId: 1,
            initialized: true,
          }
        : {},
    );
    if (signedIn) {
      own.session.setItem(STORAGE_KEYS.token, signedIn.token);
      own.session.setItem(STORAGE_KEYS.popinfoId, signedIn.popinfoId);
    }
    const sync = createTabSync({
      store,
      storages: () => storages,
      channel: hub.join(),
      now: () => clock,
      currentTarget: () => at,
      newId: () => `ask-${++ids}`,
      fork: async () => {
        const parent = store.getState().popinfoId;
        if (serverDown || !parent) throw new Error('no response');
        if (forkLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, forkLatencyMs));
        forks.push(parent);
        return { popinfoId: `${parent}/fork-${forks.length}`, reauthToken: `forked-${forks.length}` };
      },
    });
    const bridge = createSessionBridge(
      store,
      () => storages,
      () => {},
      (previous, next) => sync.announceRotation(previous, next),
    );
    return { store, storages, sync, bridge };
  }
  return {
    tab,
    local,
    forks,
    advance: (ms: number) => {
      clock += ms;
    },
    takeServerDown: () => {
      serverDown = true;
    },
    slowServer: (ms: number) => {
      forkLatencyMs = ms;
    },
  };
}

/**
 * Asks for a handover under fake timers: `steps` advance the clock by so many milliseconds each and
 * answer what the request had resolved to by then (undefined while it waits).
 */
async function handoverOverTime(tab: Tab, steps: number[]): Promise<(boolean | undefined)[]> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let answered: boolean | undefined;
    void tab.sync.requestHandover().then((value) => {
      answered = value;
    });
    const seen: (boolean | undefined)[] = [];
    for (const ms of steps) {
      await vi.advanceTimersByTimeAsync(ms);
      seen.push(answered);
    }
    return seen;
  } finally {
    vi.useRealTimers();
  }
}

describe('tab handover', () => {
  it('a tab opened from a signed-in tab receives a session of its own into its own sessionStorage', async () => {
    const b = browser();
    const opener = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    opener.sync.arm('/transaction');
    const opened = b.tab('/transaction');

    await expect(opened.sync.requestHandover()).resolves.toBe(true);
    // The server forked the opener's sign-in: the tabs never share a rotating reauth token.
    expect(b.forks).toEqual(['pop-1']);
    expect(opened.storages.session.getItem(STORAGE_KEYS.token)).toBe('forked-1');
    expect(opened.storages.session.getItem(STORAGE_KEYS.popinfoId)).toBe('pop-1/fork-1');
    expect(JSON.parse(opened.storages.session.getItem(STORAGE_KEYS.merchants) ?? 'null')).toEqual(merchants);
    expect(opener.storages.session.getItem(STORAGE_KEYS.token)).toBe('reauth-1');
    // No authorization travels between tabs: the new tab refreshes its own token for one.
    expect(opened.store.getState().authorization).toBeNull();
    // Nothing of the session reaches localStorage: closing the browser still ends the sign-in.
    expect(b.local.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(b.local.getItem(HANDOVER_KEY)).toBeNull();
  });

  it('of two tabs that armed the same link, only the one whose marker the new tab read answers', async () => {
    const b = browser();
    const first = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    const second = b.tab('/top', { token: 'reauth-2', popinfoId: 'pop-2' });
    first.sync.arm('/transaction');
    second.sync.arm('/transaction');
    const opened = b.tab('/transaction');

    await expect(opened.sync.requestHandover()).resolves.toBe(true);
    expect(b.forks).toEqual(['pop-2']);
    expect(opened.storages.session.getItem(STORAGE_KEYS.popinfoId)).toBe('pop-2/fork-1');
  });

  it('a fork the server is slow to give still arrives: the wait for it starts when the opener takes the question up', async () => {
    const b = browser();
    const opener = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    opener.sync.arm('/transaction');
    // A loaded machine: the server answers the fork after several times the wait for the opener.
    b.slowServer(HANDOVER_WAIT_MS * 4);
    const opened = b.tab('/transaction');
    // Still waiting well past the wait for the opener; the session arrives with the server's answer.
    expect(await handoverOverTime(opened, [HANDOVER_WAIT_MS * 2, HANDOVER_WAIT_MS * 2])).toEqual([undefined, true]);
    expect(opened.storages.session.getItem(STORAGE_KEYS.token)).toBe('forked-1');

    // A server that never answers: the new tab gives up after the fork's own limit and signs in.
    opener.sync.arm('/refund');
    b.slowServer(HANDOVER_FORK_WAIT_MS * 10);
    const stuck = b.tab('/refund');
    expect(await handoverOverTime(stuck, [HANDOVER_FORK_WAIT_MS - 1, 1])).toEqual([undefined, false]);
    expect(stuck.storages.session.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('when the server gives no session for the new tab, the tab signs in without waiting out the limit', async () => {
    const b = browser();
    const opener = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    opener.sync.arm('/transaction');
    b.takeServerDown();
    const opened = b.tab('/transaction');
    // The decline arrives before any timer runs.
    expect(await handoverOverTime(opened, [0])).toEqual([false]);
    expect(opened.storages.session.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(b.local.getItem(HANDOVER_KEY)).toBeNull();
  });

  it("a link's context menu arms it only briefly: a copied address typed into a tab later signs in", async () => {
    const b = browser();
    const opener = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    opener.sync.arm('/transaction', CONTEXT_MENU_WINDOW_MS);
    b.advance(CONTEXT_MENU_WINDOW_MS + 1);
    const typed = b.tab('/transaction');
    await expect(typed.sync.requestHandover()).resolves.toBe(false);
    expect(b.forks).toEqual([]);

    opener.sync.arm('/transaction', CONTEXT_MENU_WINDOW_MS);
    b.advance(CONTEXT_MENU_WINDOW_MS - 1);
    await expect(b.tab('/transaction').sync.requestHandover()).resolves.toBe(true);
  });

  it('a tab opened on its own asks nobody and gets nothing', async () => {
    const b = browser();
    const signedIn = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    const typed = b.tab('/transaction');
    await expect(typed.sync.requestHandover()).resolves.toBe(false);
    expect(typed.storages.session.getItem(STORAGE_KEYS.token)).toBeNull();

    // An armed link to another page, or one armed too long ago, does not sign in this tab either.
    signedIn.sync.arm('/refund');
    await expect(typed.sync.requestHandover()).resolves.toBe(false);
    signedIn.sync.arm('/transaction');
    b.advance(HANDOVER_WINDOW_MS + 1);
    await expect(typed.sync.requestHandover()).resolves.toBe(false);
    expect(typed.storages.session.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('hands a session over once: a second tab at the same address signs in itself', async () => {
    const b = browser();
    const opener = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    opener.sync.arm('/refund');
    await expect(b.tab('/refund').sync.requestHandover()).resolves.toBe(true);
    const again = b.tab('/refund');
    b.local.setItem(HANDOVER_KEY, JSON.stringify({ target: '/refund', until: Number.MAX_SAFE_INTEGER }));
    // The opener has disarmed: nobody answers, and the asking tab gives up after its wait.
    expect(await handoverOverTime(again, [HANDOVER_WAIT_MS])).toEqual([false]);
    expect(again.storages.session.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('reauth token rotation across tabs', () => {
  it('a refresh in one tab hands the rotated token to the tabs holding the spent one', async () => {
    const b = browser();
    const first = b.tab('/top', { token: 'reauth-1', popinfoId: 'pop-1' });
    // A tab the browser duplicated, with a copy of the first one's sessionStorage.
    const second = b.tab('/refund', { token: 'reauth-1', popinfoId: 'pop-1' });
    const other = b.tab('/top', { token: 'someone-else', popinfoId: 'pop-2' });

    // The first tab refreshes: it presents reauth-1 and stores the rotated reauth-2.
    expect(first.bridge.readRefreshCredentials()?.reauthToken).toBe('reauth-1');
    first.bridge.storeReauthToken('reauth-2');

    // The second tab's next refresh presents reauth-2, never the spent reauth-1 (which would revoke both).
    await expect.poll(() => second.bridge.readRefreshCredentials()?.reauthToken).toBe('reauth-2');
    expect(second.store.getState().reauthToken).toBe('reauth-2');
    // Another sign-in's tab keeps its own token.
    expect(other.bridge.readRefreshCredentials()?.reauthToken).toBe('someone-else');
  });
});

describe('linkTarget', () => {
  it('is the path of a same-origin link, and nothing for another origin', () => {
    expect(linkTarget('/transaction?page=2', 'http://127.0.0.1:3000/top')).toBe('/transaction');
    expect(linkTarget('http://127.0.0.1:3000/refund#x', 'http://127.0.0.1:3000/top')).toBe('/refund');
    expect(linkTarget('https://example.com/top', 'http://127.0.0.1:3000/top')).toBeNull();
  });
});
