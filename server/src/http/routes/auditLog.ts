import { listAuditEvents } from '../../domain/auditLog';
import { type CallHandlers, callerMembership } from './context';

/** The Owner's 操作履歴 (issue 48); the role check (Owners only) ran before the query was read. */
export const auditLogHandlers: CallHandlers<'listAuditEvents'> = {
  listAuditEvents: async (ctx) => listAuditEvents(ctx.deps.db, callerMembership(ctx).merchantId, ctx.query),
};
