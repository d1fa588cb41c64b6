import {
  CALL_ENDPOINTS,
  CALLS,
  type CallAccess,
  type CallEndpoint,
  type CallId,
  CSV_REPORT_ROLES,
  type CsvReport,
  STEP_UP_HEADER,
  type StepUpPurpose,
} from '@coin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import type { AccessTarget, Membership } from '../domain/access';
import { recordAudit } from '../domain/audit';
import { DomainError } from '../domain/errors';
import { type AccessCheck, accessCheck } from '../domain/sessions';
import { endSignIns, isIdle, SIGN_IN_TOUCH_MS, type SignInUse, touchSignIn } from '../domain/signIns';
import { releaseStepUpProof, useStepUpProof } from '../domain/stepUp';
import type { AuthClaims, TokenSigner } from '../domain/tokens';
import { hasSecondFactor } from '../domain/twoStep';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes generated from the contract's call table. */
    call?: { id: CallId; access: CallAccess };
  }
  interface FastifyRequest {
    /** The verified authorization; null on public routes. */
    auth: AuthClaims | null;
    /** The caller's role for the merchant the path names (merchant and wallet calls). */
    membership: Membership | null;
    /** The sign-in the authorization belongs to (issue 48); null on public routes. */
    signInId: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Open to a user who must still enrol: what finishing a sign-in calls (the merchants, the session bound to
 * one), and an Owner's requirement itself, which they may always read and turn off (issue 45).
 */
const SIGN_IN_CALLS: ReadonlySet<CallId> = new Set<CallId>([
  'getMerchant',
  'switchMerchantSession',
  'getMerchantTwoStep',
  'putMerchantTwoStep',
]);

/** What the authorization of a request came to (read once, in the onRequest hook). */
const checks = new WeakMap<FastifyRequest, AccessCheck>();

/** Step-up proofs spent by a request: given back if its change is refused after all (the onSend hook). */
const spentProofs = new WeakMap<FastifyRequest, string>();

/**
 * Takes the step-up proof the request presents (STEP_UP_HEADER) for `purpose` in `merchantId` (null: the
 * caller's own account): spent unless `spend` is false, given back when the answer is a refusal (the
 * onSend hook); else 403 `step_up_required` naming the purpose. Calls whose proof depends on their
 * input (`stepUpUse: 'above_limit'`) call this from their handler.
 */
export async function takeStepUpProof(
  request: FastifyRequest,
  deps: { db: Db; now: () => Date },
  need: { purpose: StepUpPurpose; merchantId: number | null; spend: boolean },
): Promise<void> {
  const auth = request.auth;
  if (!auth) throw new DomainError('unauthorized');
  const header = request.headers[STEP_UP_HEADER.toLowerCase()];
  const presented = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : undefined;
  const id = await useStepUpProof(deps.db, auth, presented, need, deps.now());
  if (need.spend) spentProofs.set(request, id);
}

/** The step-up a call's endpoint asks for before its input is read (none for `above_limit`). */
async function stepUpBeforeInput(
  request: FastifyRequest,
  deps: { db: Db; now: () => Date },
  endpoint: CallEndpoint,
  merchantId: number | null,
): Promise<void> {
  if (!endpoint.stepUp || endpoint.stepUpUse === 'above_limit') return;
  // A credential change of a user without an app or a passkey: the current password in its body proves them.
  const auth = request.auth;
  if (endpoint.stepUpUse === 'with_factor' && auth && !(await hasSecondFactor(deps.db, auth.userId))) return;
  await takeStepUpProof(request, deps, {
    purpose: endpoint.stepUp,
    merchantId,
    spend: endpoint.stepUpUse !== 'prepares',
  });
}

/**
 * The merchant, wallet or refund application a call names (its raw path parameters, or the session's
 * merchant); null for a call on the caller's own account, a session bound to no merchant, or malformed
 * parameters (not an id, not a wallet number: the validation's 400 to answer, their shape is public).
 */
function targetOf(
  call: { id: CallId; access: CallAccess },
  request: FastifyRequest,
  auth: AuthClaims,
): AccessTarget | null {
  const { access } = call;
  if (access.kind === 'public' || access.kind === 'authenticated') return null;
  const def = CALLS[call.id] as { params?: { safeParse(value: unknown): { success: boolean } } };
  if (def.params && !def.params.safeParse(request.params).success) return null;
  const params = request.params as { id?: number; wallet_no?: string; refund_application_id?: number };
  switch (access.kind) {
    case 'merchant':
      return { kind: 'merchant', merchantId: Number(params.id) };
    case 'wallet':
      return { kind: 'wallet', walletNo: String(params.wallet_no) };
    case 'refundApplication':
      return { kind: 'refundApplication', applicationId: Number(params.refund_application_id) };
    default:
      return auth.merchantId === null ? null : { kind: 'merchant', merchantId: auth.merchantId };
  }
}

/**
 * Inactivity (issue 48): a sign-in unused longer than its shop allows ends here, on the server, whatever
 * its tab believes (401 `session_timed_out`); else its use is noted, at most every SIGN_IN_TOUCH_MS.
 */
async function keepInUse(deps: { db: Db; now: () => Date }, use: SignInUse, userId: number, clientIp: string) {
  const now = deps.now();
  if (isIdle(use, now)) {
    if ((await endSignIns(deps.db, [use.signInId], 'idle', now)) > 0) {
      await recordAudit(
        deps.db,
        {
          actorUserId: userId,
          action: 'session.timed_out',
          targetUserId: userId,
          after: { minutes: use.idleMinutes },
          clientIp,
        },
        now,
      );
    }
    throw new DomainError('session_timed_out');
  }
  if (now.getTime() - use.lastUsedAt.getTime() >= SIGN_IN_TOUCH_MS) await touchSignIn(deps.db, use.signInId, now);
}

/**
 * Authentication (one onRequest hook) and the role check (one preValidation hook reading the call's access
 * rule, before any input is validated).
 * Roles always come from the database, never from the token or the client: one query a request reads
 * whether the sign-in stands, the caller's role for what the call names and whether its merchant requires
 * a second factor the caller lacks (sessions.ts, accessCheck).
 */
export function installAuth(app: FastifyInstance, deps: { db: Db; signer: TokenSigner; now: () => Date }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('membership', null);
  app.decorateRequest('signInId', null);

  app.addHook('onRequest', async (request) => {
    const call = request.routeOptions.config.call;
    if (!call || call.access.kind === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new DomainError('unauthorized');
    const claims = await deps.signer.verify(token);
    const check = await accessCheck(deps.db, claims, targetOf(call, request, claims));
    if (!check.active) throw new DomainError('unauthorized');
    if (check.use) await keepInUse(deps, check.use, claims.userId, request.ip);
    request.auth = claims;
    request.signInId = check.use?.signInId ?? null;
    checks.set(request, check);
  });

  // Before the schema validation of params, query and body: a caller without the role learns nothing of
  // the input a call takes (403 / 404, never a 400 describing it). The params are still raw text here.
  app.addHook('preValidation', async (request) => {
    const call = request.routeOptions.config.call;
    const access = call?.access;
    if (!call || !access || access.kind === 'public') return;
    const auth = request.auth;
    const check = checks.get(request);
    if (!auth || !check) throw new DomainError('unauthorized');
    if (access.kind === 'authenticated') {
      // The caller's own account (its second factors): step-up calls need the recent proof too.
      await stepUpBeforeInput(request, deps, CALL_ENDPOINTS[call.id], null);
      return;
    }
    // Malformed path parameters are the validation's 400 to answer (no merchant can be looked up by them).
    const def = CALLS[call.id] as { params?: { safeParse(value: unknown): { success: boolean } } };
    if (def.params && !def.params.safeParse(request.params).success) return;
    const { membership } = check;
    // A session bound to no merchant has no role to check: refused like a role that may not.
    if (!membership && access.kind === 'session') throw new DomainError('forbidden');
    // Not a member (or no such merchant/wallet): the same answer, so nothing leaks.
    if (!membership) throw new DomainError('not_found');
    if (!access.roles.includes(membership.role)) throw new DomainError('forbidden');
    // Some CSV reports mirror a list fewer roles may open (the staff list: Owners); the report is a
    // path parameter of public names, checked here so its query is not read for a role that may not.
    if (call.id === 'downloadCsv') {
      const report = String((request.params as { report?: unknown }).report) as CsvReport;
      if (Object.hasOwn(CSV_REPORT_ROLES, report) && !CSV_REPORT_ROLES[report].includes(membership.role)) {
        throw new DomainError('forbidden');
      }
    }
    request.membership = membership;
    // A merchant that requires two-step sign-in: a caller with no second factor enrols first (issue 24).
    if (!SIGN_IN_CALLS.has(call.id) && check.mustEnrol) {
      throw new DomainError('two_step_enrolment_required');
    }
    // Trust: changes of where money goes, of staff and of the merchant's status need a proof for them.
    await stepUpBeforeInput(request, deps, CALL_ENDPOINTS[call.id], membership.merchantId);
  });

  // A change refused after its proof was taken (its input, a conflict): the proof is given back before
  // the refusal is sent, so the user's corrected retry finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const spent = spentProofs.get(request);
    if (spent !== undefined && reply.statusCode >= 400) {
      spentProofs.delete(request);
      await releaseStepUpProof(deps.db, spent);
    }
    return payload;
  });
}
