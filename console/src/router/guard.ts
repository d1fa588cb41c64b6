import {
  decideNavigation,
  type GuardDecision,
  NAMED_PATHS,
  type Query,
  type Role,
  resolvePath,
  type SpecialPage,
} from '@coin/contract';
import { redirect } from '@tanstack/react-router';
import { hrefWithQuery } from './search';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set on the guard's redirects: the path they left (see guardBeforeLoad). */
    redirectedFrom?: string;
  }
}

/** What the guard needs of the session. */
export interface GuardSession {
  snapshot(): { initialized: boolean; role: Role };
  /** Load authorization, merchants and user; rejects on any failure. */
  initialize(): Promise<void>;
}

export interface GuardLocation {
  /** The raw pathname: a trailing slash matters (`/merchant` vs `/merchant/`). */
  pathname: string;
  hostname: string;
  query: Query;
}

export interface SpecialView {
  page: SpecialPage;
  action?: string;
}

/** Run the contract's navigation guard, loading the session when it asks to. */
export async function decide(location: GuardLocation, session: GuardSession): Promise<GuardDecision> {
  const input = { ...location, ...session.snapshot() };
  const first = decideNavigation(input);
  if (first.type !== 'load') return first;
  try {
    await session.initialize();
  } catch {
    return decideNavigation(input, 'failed');
  }
  return decideNavigation({ ...input, ...session.snapshot(), initialized: true }, 'succeeded');
}

/** Why the guard moved a signed-in user elsewhere: the role held here may not open `page` (§6). */
export interface RedirectNotice {
  reason: 'role';
  /** The route name of the page that was refused. */
  page: string;
}

type NoticeListener = (notice: RedirectNotice) => void;

/**
 * The guard's redirect reasons, for the shell to show. A notice waits until taken: the shell may not be
 * loaded yet when the first page is refused. While held (a merchant switch under way) it is not handed
 * to the listener: the switch takes it and says both things in one message.
 */
export function createRedirectNotices() {
  let pending: RedirectNotice | null = null;
  let held = false;
  let listener: NoticeListener | null = null;
  const deliver = () => {
    if (held || !listener || !pending) return;
    const notice = pending;
    pending = null;
    listener(notice);
  };
  return {
    report(notice: RedirectNotice) {
      pending = notice;
      deliver();
    },
    /** The shell shows each notice; one waiting already is shown at once. */
    listen(next: NoticeListener): () => void {
      listener = next;
      deliver();
      return () => {
        if (listener === next) listener = null;
      };
    },
    hold() {
      held = true;
    },
    /** End a hold and take its notice (if the guard gave one meanwhile). */
    release(): RedirectNotice | null {
      held = false;
      const notice = pending;
      pending = null;
      return notice;
    },
  };
}

export const redirectNotices = createRedirectNotices();

/** The notice for a redirect the guard decided, if it has one to give (its decisions stay the contract's). */
export function redirectNoticeFor(
  pathname: string,
  decision: GuardDecision,
  initialized: boolean,
): RedirectNotice | null {
  if (decision.type !== 'redirect' || decision.path !== NAMED_PATHS.Top || !initialized) return null;
  const resolved = resolvePath(pathname);
  // An app page redirects to Top only when the current role may not open it.
  return resolved.kind === 'app' ? { reason: 'role', page: resolved.route.name } : null;
}

/**
 * The root route's beforeLoad: redirects are thrown to the router; a special page is returned in the
 * route context for the root component to render instead of the matched route.
 */
export async function guardBeforeLoad(
  location: GuardLocation,
  session: GuardSession,
  notices: Pick<ReturnType<typeof createRedirectNotices>, 'report'> = redirectNotices,
): Promise<{ special: SpecialView | null }> {
  const decision = await decide(location, session);
  switch (decision.type) {
    case 'redirect': {
      const notice = redirectNoticeFor(location.pathname, decision, session.snapshot().initialized);
      if (notice) notices.report(notice);
      // The state names where the redirect came from: TanStack's commitLocation takes a target that differs
      // from the current href by a trailing slash alone (`/merchant` → `/merchant/` on the qr host) for the
      // same location unless the history state differs, and reloads it in place, forever.
      throw redirect({
        href: hrefWithQuery(decision.path, decision.query),
        replace: true,
        state: { redirectedFrom: location.pathname },
      });
    }
    case 'special':
      return { special: { page: decision.page, ...(decision.action ? { action: decision.action } : {}) } };
    default:
      return { special: null };
  }
}
