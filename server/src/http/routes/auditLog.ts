import { listAuditEvents } from '../../domain/auditLog';
import { idleTimeoutOf, setIdleTimeout } from '../../domain/signIns';
import { type CallHandlers, callerMembership, callerOf } from './context';

/**
 * The Owner's view of the team (issue 48): the 操作履歴, and how long a sign-in to the shop may stay
 * unused. The role check (Owners only) ran before the input was read.
 */
export const auditLogHandlers: CallHandlers<'listAuditEvents' | 'getIdleTimeout' | 'putIdleTimeout'> = {
  listAuditEvents: async (ctx) => listAuditEvents(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
  getIdleTimeout: async (ctx) => idleTimeoutOf(ctx.deps.db, callerMembership(ctx).merchantId),
  putIdleTimeout: async (ctx) =>
    setIdleTimeout(
      ctx.deps.db,
      callerMembership(ctx).merchantId,
      ctx.body.minutes,
      { userId: callerOf(ctx).userId, clientIp: ctx.request.ip },
      ctx.deps.now(),
    ),
};
