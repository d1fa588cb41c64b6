import type { Role } from './roles';
import { intermediaryQrPath, NAMED_PATHS, resolvePath, returnAppPath } from './routes';

/** Page names the guard can render outside the route table. */
export type SpecialPage = 'NotFound' | 'Intermediary' | 'IntermediaryReturnApp';

export type Query = Readonly<Record<string, string>>;

export interface GuardInput {
  pathname: string;
  hostname: string;
  query: Query;
  /** Authorization, merchants and user are loaded (the "initialized" state of §4). */
  initialized: boolean;
  /** The current role; only read when initialized. */
  role: Role;
}

export type LoadResult = 'succeeded' | 'failed';

export type GuardDecision =
  /** Render the page the route table names for this path. */
  | { type: 'allow' }
  /** Render a page that is not in the route table (not found, intermediaries). */
  | { type: 'special'; page: SpecialPage; action?: string }
  /** Load authorization, merchants and user, then call the guard again with the result. */
  | { type: 'load' }
  | { type: 'redirect'; path: string; query: Query };

export const QR_HOST_PREFIX = 'qr.';
export const APP_HOST_PREFIX = 'app.';

export const isQrHost = (hostname: string) => hostname.startsWith(QR_HOST_PREFIX);
export const isIntermediaryHost = (hostname: string) =>
  hostname.startsWith(QR_HOST_PREFIX) || hostname.startsWith(APP_HOST_PREFIX);

const NOT_FOUND: GuardDecision = { type: 'special', page: 'NotFound' };
const redirect = (path: string, query: Query = {}): GuardDecision => ({ type: 'redirect', path, query });

/** The route the specification's failure rule sends a visitor to when initialization fails. */
function initFailure(input: GuardInput): GuardDecision {
  const { pathname, hostname, query } = input;
  if (isQrHost(hostname) && (pathname.includes('merchant') || pathname.includes('coupon'))) {
    const firstSegment = pathname.split('/').filter(Boolean)[0] ?? '';
    return redirect(intermediaryQrPath(firstSegment), query);
  }
  return redirect(NAMED_PATHS.Login, { authError: 'true' });
}

/**
 * The navigation guard of §2 as a pure function. Call it without `load`; when it answers
 * `{ type: 'load' }`, load the session and call it again with the outcome.
 */
export function decideNavigation(input: GuardInput, load?: LoadResult): GuardDecision {
  const resolved = resolvePath(input.pathname);
  switch (resolved.kind) {
    case 'unknown':
      return NOT_FOUND;
    case 'root':
      return redirect(NAMED_PATHS.Top);
    case 'intermediaryQr':
    case 'intermediaryApp':
      return isIntermediaryHost(input.hostname)
        ? { type: 'special', page: 'Intermediary', action: resolved.action }
        : NOT_FOUND;
    case 'returnAppRedirect':
      return isIntermediaryHost(input.hostname) ? redirect(returnAppPath(resolved.action), input.query) : NOT_FOUND;
    case 'returnApp':
      return isIntermediaryHost(input.hostname)
        ? { type: 'special', page: 'IntermediaryReturnApp', action: resolved.action }
        : NOT_FOUND;
    case 'public': {
      if (resolved.route.name !== 'Login' || 'authError' in input.query) return { type: 'allow' };
      const outcome: LoadResult | undefined = input.initialized ? 'succeeded' : load;
      if (outcome === undefined) return { type: 'load' };
      if (outcome === 'failed') return { type: 'allow' };
      return 'invoice_id' in input.query
        ? redirect(NAMED_PATHS.InvoicePayment, input.query)
        : redirect(NAMED_PATHS.Top);
    }
    case 'app': {
      const outcome: LoadResult | undefined = input.initialized ? 'succeeded' : load;
      if (outcome === undefined) return { type: 'load' };
      if (outcome === 'failed') return initFailure(input);
      return resolved.route.roles.includes(input.role) ? { type: 'allow' } : redirect(NAMED_PATHS.Top);
    }
  }
}

/** Where a forced logout lands (§2). */
export const FORCED_LOGOUT_TARGET = { path: NAMED_PATHS.Login, query: { authError: 'true' } } as const;
