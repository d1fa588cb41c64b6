import type { CallAccess, CallId } from '@coin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { type Membership, membershipOf, refundApplicationMembershipOf, walletMembershipOf } from '../domain/access';
import { DomainError } from '../domain/errors';
import { isSessionActive } from '../domain/sessions';
import type { AuthClaims, TokenSigner } from '../domain/tokens';

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
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Authentication (one onRequest hook) and the role check (one preHandler reading the call's access rule).
 * Roles always come from the database, never from the token or the client.
 */
export function installAuth(app: FastifyInstance, deps: { db: Db; signer: TokenSigner }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('membership', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.call?.access;
    if (!access || access.kind === 'public') return;
    const token = bearerToken(request);
    if (!token) throw new DomainError('unauthorized');
    const claims = await deps.signer.verify(token);
    if (!(await isSessionActive(deps.db, claims))) throw new DomainError('unauthorized');
    request.auth = claims;
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.call?.access;
    if (!access || (access.kind !== 'merchant' && access.kind !== 'wallet' && access.kind !== 'refundApplication'))
      return;
    const auth = request.auth;
    if (!auth) throw new DomainError('unauthorized');
    const params = request.params as { id?: number; wallet_no?: string; refund_application_id?: number };
    const membership =
      access.kind === 'merchant'
        ? await membershipOf(deps.db, auth.userId, Number(params.id))
        : access.kind === 'wallet'
          ? await walletMembershipOf(deps.db, auth.userId, String(params.wallet_no))
          : await refundApplicationMembershipOf(deps.db, auth.userId, Number(params.refund_application_id));
    // Not a member (or no such merchant/wallet): the same answer, so nothing leaks.
    if (!membership) throw new DomainError('not_found');
    if (!access.roles.includes(membership.role)) throw new DomainError('forbidden');
    request.membership = membership;
  });
}
