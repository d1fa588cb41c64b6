import type { Role } from '@coin/contract';
import type { Db } from '../db/connection';

/** Largest value of a PostgreSQL `integer`: larger ids cannot exist (and must not reach SQL). */
export const MAX_INT4 = 2_147_483_647;
export const isStoredId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_INT4;

export interface Membership {
  merchantId: number;
  role: Role;
}

/** What a merchant, wallet or refund-application call reaches: the merchant behind it. */
export type AccessTarget =
  | { kind: 'merchant'; merchantId: number }
  | { kind: 'wallet'; walletNo: string }
  | { kind: 'refundApplication'; applicationId: number };

/**
 * The user's ACTIVE role for the merchant behind a target, as a query (the membership reads below, and
 * the per-request check of sessions.ts's accessCheck, which folds it into its own query).
 */
export function membershipQuery(db: Db, userId: number, target: AccessTarget) {
  return db
    .selectFrom('merchant_users as mu')
    .select(['mu.merchant_id', 'mu.role'])
    .where('mu.merchant_id', '=', (eb) =>
      target.kind === 'merchant'
        ? eb.val(target.merchantId)
        : target.kind === 'wallet'
          ? eb.selectFrom('wallets as w').select('w.merchant_id').where('w.wallet_no', '=', target.walletNo)
          : eb.selectFrom('refund_applications as r').select('r.merchant_id').where('r.id', '=', target.applicationId),
    )
    .where('mu.user_id', '=', userId)
    .where('mu.status', '=', 'ACTIVE');
}

/** Whether a target's key can name a stored row (ids beyond PostgreSQL's integer must not reach SQL). */
export const isTargetKey = (target: AccessTarget): boolean =>
  target.kind === 'merchant'
    ? isStoredId(target.merchantId)
    : target.kind === 'refundApplication'
      ? Number.isSafeInteger(target.applicationId) && target.applicationId > 0
      : true;

async function membershipFor(db: Db, userId: number, target: AccessTarget): Promise<Membership | null> {
  if (!isTargetKey(target)) return null;
  const row = await membershipQuery(db, userId, target).executeTakeFirst();
  return row ? { merchantId: row.merchant_id, role: row.role } : null;
}

/** The caller's ACTIVE role for a merchant, read from the database; null when none. */
export const membershipOf = (db: Db, userId: number, merchantId: number): Promise<Membership | null> =>
  membershipFor(db, userId, { kind: 'merchant', merchantId });
