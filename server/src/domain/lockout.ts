import type { Db } from '../db/connection';
import { recordAudit } from './audit';

/* The sign-in lockout: failed passwords (and second-step codes) in a row lock an account for a while. */

export interface LockoutPolicy {
  /** Failed passwords in a row that lock the account. */
  threshold: number;
  minutes: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = { threshold: 10, minutes: 30 };

/** Told when a failure locks an account, after the lock has committed (the route queues a mail to its owner). */
export type OnLocked = (lock: { identityId: number; email: string; until: Date }) => Promise<void>;

/** The configured lockout (LOCKOUT_THRESHOLD, LOCKOUT_MINUTES). */
export const lockoutPolicyOf = (config: { lockoutThreshold: number; lockoutMinutes: number }): LockoutPolicy => ({
  threshold: config.lockoutThreshold,
  minutes: config.lockoutMinutes,
});

/**
 * Counts a failed password (or second-factor proof); the failure that reaches the threshold locks the account (and answers so).
 * Returns true when it locked.
 */
export async function countFailure(
  db: Db,
  identityId: number,
  policy: LockoutPolicy,
  now: Date,
  onLocked?: OnLocked,
): Promise<boolean> {
  const until = new Date(now.getTime() + policy.minutes * 60_000);
  const locked = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('identities')
      .set((eb) => ({ failed_sign_ins: eb('failed_sign_ins', '+', 1) }))
      .where('id', '=', identityId)
      .returning(['failed_sign_ins', 'email'])
      .executeTakeFirstOrThrow();
    if (row.failed_sign_ins < policy.threshold) return null;
    await trx
      .updateTable('identities')
      .set({ failed_sign_ins: 0, locked_until: until })
      .where('id', '=', identityId)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'identity.locked',
        targetUserId: identityId,
        after: { minutes: policy.minutes, failures: row.failed_sign_ins },
      },
      now,
    );
    return row.email;
  });
  if (locked === null) return false;
  await onLocked?.({ identityId, email: locked, until });
  return true;
}
