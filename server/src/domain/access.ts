import type { Role } from '@coin/contract';
import type { Db } from '../db/connection';

/** Largest value of a PostgreSQL `integer`: larger ids cannot exist (and must not reach SQL). */
export const MAX_INT4 = 2_147_483_647;
export const isStoredId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_INT4;

export interface Membership {
  merchantId: number;
  role: Role;
}

/** The caller's ACTIVE role for a merchant, read from the database; null when none. */
export async function membershipOf(db: Db, userId: number, merchantId: number): Promise<Membership | null> {
  if (!isStoredId(merchantId)) return null;
  const row = await db
    .selectFrom('merchant_users')
    .select(['merchant_id', 'role'])
    .where('merchant_id', '=', merchantId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row ? { merchantId: row.merchant_id, role: row.role } : null;
}

/** The caller's ACTIVE role for the merchant that owns a wallet; null when none (or not a merchant wallet). */
export async function walletMembershipOf(db: Db, userId: number, walletNo: string): Promise<Membership | null> {
  const row = await db
    .selectFrom('wallets as w')
    .innerJoin('merchant_users as mu', 'mu.merchant_id', 'w.merchant_id')
    .select(['mu.merchant_id', 'mu.role'])
    .where('w.wallet_no', '=', walletNo)
    .where('mu.user_id', '=', userId)
    .where('mu.status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row ? { merchantId: row.merchant_id, role: row.role } : null;
}

/** Money: refunds. The caller's ACTIVE role for the merchant of a refund application; null when none. */
export async function refundApplicationMembershipOf(
  db: Db,
  userId: number,
  applicationId: number,
): Promise<Membership | null> {
  if (!Number.isSafeInteger(applicationId) || applicationId <= 0) return null;
  const row = await db
    .selectFrom('refund_applications as r')
    .innerJoin('merchant_users as mu', 'mu.merchant_id', 'r.merchant_id')
    .select(['mu.merchant_id', 'mu.role'])
    .where('r.id', '=', applicationId)
    .where('mu.user_id', '=', userId)
    .where('mu.status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row ? { merchantId: row.merchant_id, role: row.role } : null;
}
