import { decideNavigation, type GuardDecision, type Query, type Role, type SpecialPage } from '@coin/contract';
import { redirect } from '@tanstack/react-router';
import { hrefWithQuery } from './search';

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

/**
 * The root route's beforeLoad: redirects are thrown to the router; a special page is returned in the
 * route context for the root component to render instead of the matched route.
 */
export async function guardBeforeLoad(
  location: GuardLocation,
  session: GuardSession,
): Promise<{ special: SpecialView | null }> {
  const decision = await decide(location, session);
  switch (decision.type) {
    case 'redirect':
      throw redirect({ href: hrefWithQuery(decision.path, decision.query), replace: true });
    case 'special':
      return { special: { page: decision.page, ...(decision.action ? { action: decision.action } : {}) } };
    default:
      return { special: null };
  }
}
