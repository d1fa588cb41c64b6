import type { Db } from '../db/connection';

export type AuditAction =
  | 'merchant_user.invited'
  | 'merchant_user.updated'
  | 'merchant_user.suspended'
  | 'merchant_user.reactivated'
  | 'merchant_user.invitation_resent'
  | 'merchant_user.invitation_accepted'
  | 'identity.password_changed'
  | 'identity.password_reset'
  | 'identity.email_change_requested'
  | 'identity.email_changed'
  | 'identity.locked'
  // Trust
  | 'session.stepped_up'
  // Two-step sign-in
  | 'session.second_step_completed'
  | 'identity.two_step_added'
  | 'identity.two_step_removed'
  | 'identity.recovery_codes_issued'
  | 'identity.two_step_reset'
  | 'merchant.two_step_requirement_changed'
  // Merchant settings
  | 'merchant.profile_updated'
  // Documents
  | 'fees.corrected'
  | 'merchant.status_changed'
  | 'merchant.image_uploaded'
  | 'merchant.tags_updated'
  | 'merchant.rebate_coin_updated'
  | 'merchant.bank_account_changed'
  | 'merchant.journal_accounts_updated';

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
