import type { AuditAction } from '@coin/contract';
import type { Db } from '../db/connection';

export type { AuditAction };

export interface AuditEvent {
  actorUserId: number | null;
  action: AuditAction;
  merchantId?: number | null;
  targetUserId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  clientIp?: string | null;
}

/** Appends one row to the audit trail (in the caller's transaction, so it commits with the change). */
export async function recordAudit(db: Db, event: AuditEvent, now: Date): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      occurred_at: now,
      actor_user_id: event.actorUserId,
      action: event.action,
      merchant_id: event.merchantId ?? null,
      target_user_id: event.targetUserId ?? null,
      before: event.before ? JSON.stringify(event.before) : null,
      after: event.after ? JSON.stringify(event.after) : null,
      client_ip: event.clientIp ?? null,
    })
    .execute();
}
