import type { CALLS, CallId, CallResponse } from '@coin/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Membership } from '../../domain/access';
import { type AuditAction, recordAudit } from '../../domain/audit';
import { DomainError } from '../../domain/errors';
import { accountLockedMail, type Mailer } from '../../domain/mail';
import { queueMail } from '../../domain/mailOutbox';
import type { MailOutbox } from '../../domain/merchantUsers';
import { addressOf, queueSecurityMail, type SecurityEvent } from '../../domain/securityMail';
import type { OnLocked } from '../../domain/sessions';
import type { AuthClaims, TokenSigner } from '../../domain/tokens';
import type { Background } from '../background';

export interface AppDeps {
  config: Config;
  db: Db;
  signer: TokenSigner;
  mailer: Mailer;
  /** The clock (tests move it; lockouts and link expiries read it). */
  now: () => Date;
  /** Work done after the answer is sent. */
  background: Background;
  /** Delivers queued mail (the mailer is its transport). */
  outbox: MailOutbox;
}

type Part<D, K extends 'params' | 'query' | 'body'> = D extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** What a call's handler receives: validated input (typed from the contract) and the caller. */
export interface CallContext<K extends CallId> {
  params: Part<(typeof CALLS)[K], 'params'>;
  query: Part<(typeof CALLS)[K], 'query'>;
  body: Part<(typeof CALLS)[K], 'body'>;
  request: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
}

export type CallHandler<K extends CallId> = (ctx: CallContext<K>) => Promise<CallResponse<K>>;
export type CallHandlers<K extends CallId> = { [P in K]: CallHandler<P> };

/** The verified caller; the auth hook guarantees it on every non-public call. */
export function callerOf(ctx: CallContext<CallId>): AuthClaims {
  if (!ctx.request.auth) throw new DomainError('unauthorized');
  return ctx.request.auth;
}

/** The caller's role for the merchant the path names; the role preHandler guarantees it. */
export function callerMembership(ctx: CallContext<CallId>): Membership {
  if (!ctx.request.membership) throw new DomainError('not_found');
  return ctx.request.membership;
}

/** Answers a fresh `Authorization: Bearer …` header, readable by browser code. */
export async function issueAuthorization(ctx: CallContext<CallId>, claims: AuthClaims): Promise<void> {
  const token = await ctx.deps.signer.sign(claims);
  ctx.reply.header('Authorization', `Bearer ${token}`);
  ctx.reply.header('Access-Control-Expose-Headers', 'Authorization');
}

/**
 * Mails the owner of an account that has just been locked, through the outbox: the answer never
 * depends on delivery (which would tell a stranger that the address has an account).
 */
export function mailLockout(ctx: CallContext<CallId>): OnLocked {
  return async ({ email, until }) => {
    const link = `${ctx.deps.config.publicUrl}/forget`;
    await queueMail(ctx.deps.db, accountLockedMail({ to: email, until, link }), ctx.deps.now());
    ctx.deps.outbox.kick();
  };
}

/**
 * Mails a security event (issue 45) to `to`, by default the caller, from the caller's address; `page` is
 * the console page the mail links to. Queued in the call's database (its transaction, if any: a money
 * call's), and delivered once the answer has gone, when that transaction has committed.
 */
export async function tellSecurity(
  ctx: CallContext<CallId>,
  event: SecurityEvent,
  options: { to?: readonly string[]; page?: string } = {},
): Promise<void> {
  const { db, config, now, outbox } = ctx.deps;
  const to = options.to ?? (await addressOf(db, callerOf(ctx).userId));
  await queueSecurityMail(db, to, event, {
    now: now(),
    clientIp: ctx.request.ip,
    link: `${config.publicUrl}${options.page ?? '/twoStep'}`,
  });
  ctx.reply.raw.once('finish', () => outbox.kick());
}

/**
 * Records what the caller did in the merchant the call names, for the Owner's 操作履歴 (issue 48): in the
 * call's database (a money call's transaction: it commits with the change, or not at all).
 */
export async function auditCall(
  ctx: CallContext<CallId>,
  action: AuditAction,
  details: { after?: Record<string, unknown>; before?: Record<string, unknown>; targetUserId?: number } = {},
): Promise<void> {
  await recordAudit(
    ctx.deps.db,
    {
      actorUserId: callerOf(ctx).userId,
      action,
      merchantId: callerMembership(ctx).merchantId,
      targetUserId: details.targetUserId ?? null,
      before: details.before ?? null,
      after: details.after ?? null,
      clientIp: ctx.request.ip,
    },
    ctx.deps.now(),
  );
}
