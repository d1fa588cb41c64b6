import type { Db } from '../db/connection';
import { recordAudit } from './audit';

/*
 * The sign-in lockout: failed passwords in a row, or failed second-factor proofs in a row, lock an account
 * for a while. The two are counted apart: a correct password resets only its own count, so a password
 * thief cannot wipe the count of wrong codes by signing in again (issue 45, N1).
 */

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

/** What failed: a password, or a proof of the second factor (code, recovery code, passkey). */
export type FailureKind = 'password' | 'second_factor';
const COUNTER = { password: 'failed_sign_ins', second_factor: 'failed_second_steps' } as const;

/**
 * Counts a failed password or second-factor proof; the failure that reaches the threshold of its kind locks
 * the account (and answers so). Returns true when it locked.
 */
export async function countFailure(
  db: Db,
  identityId: number,
  policy: LockoutPolicy,
  now: Date,
  onLocked?: OnLocked,
  kind: FailureKind = 'password',
): Promise<boolean> {
  const counter = COUNTER[kind];
  const until = new Date(now.getTime() + policy.minutes * 60_000);
  const locked = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('identities')
      .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
      .where('id', '=', identityId)
      .returning([`${counter} as failures`, 'email'])
      .executeTakeFirstOrThrow();
    if (row.failures < policy.threshold) return null;
    await trx
      .updateTable('identities')
      .set({ [counter]: 0, locked_until: until })
      .where('id', '=', identityId)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'identity.locked',
        targetUserId: identityId,
        after: { minutes: policy.minutes, failures: row.failures, kind },
      },
      now,
    );
    return row.email;
  });
  if (locked === null) return false;
  await onLocked?.({ identityId, email: locked, until });
  return true;
}
