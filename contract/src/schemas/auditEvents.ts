import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_KINDS } from '../auditLog';
import { idSchema, instantSchema, pagedOf, pagedPeriodQuerySchema } from './common';

/* The Owner's 操作履歴 (issue 48): who did what in this shop, when and from where. */

export const auditKindSchema = z.enum(AUDIT_KINDS);
/** The period (Tokyo days), and optionally one person (who did it) and one kind of action. */
export const auditEventsQuerySchema = pagedPeriodQuerySchema.safeExtend({
  user_id: idSchema.optional(),
  kind: auditKindSchema.optional(),
});
export const auditEventSchema = z.object({
  id: z.number().int(),
  occurred_at: instantSchema,
  /** null: the operator's own tools (a refund approved, a two-step reset). */
  actor_user_id: z.number().int().nullable(),
  /** The actor's name in this shop (its staff list), else their address; null for the operator. */
  actor_name: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  kind: auditKindSchema,
  /** The staff member the action was about (invited, changed, suspended), when not the actor. */
  target_name: z.string().nullable(),
  /** What changed, in Japanese (auditDetail). */
  detail: z.string(),
  client_ip: z.string().nullable(),
});
export const auditEventsResponseSchema = pagedOf(auditEventSchema);
export type AuditEvent = z.infer<typeof auditEventSchema>;
