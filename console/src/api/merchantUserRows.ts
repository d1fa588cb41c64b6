import {
  type CallResponse,
  displayedUserStatus,
  type displayedUserStatusSchema,
  type emailStatusSchema,
  type MerchantUser,
} from '@coin/contract';
import type { z } from 'zod';

export type DisplayedUserStatus = z.infer<typeof displayedUserStatusSchema>;
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** A merchant user as the console shows it. */
export interface MerchantUserRow extends Omit<MerchantUser, 'status'> {
  status: DisplayedUserStatus;
  /** From the identity lookup, for users the list answered without an email: their 状態 (§4). */
  email_status?: EmailStatus;
}

type IdentityEmail = CallResponse<'getIdentityEmail'>;

/** §4: INVITATION_EXPIRED is INACTIVE with an activation-token expiry in the past (the contract's rule). */
export const displayedStatus = displayedUserStatus;

/** §4: users without an email (and not CANCELED) need the identity lookup, once per distinct user_id. */
export const userIdsNeedingLookup = (users: readonly MerchantUser[]): number[] => [
  ...new Set(users.filter((u) => !u.email && u.status !== 'CANCELED').map((u) => u.user_id)),
];

/** The list with derived statuses and the looked-up emails merged in. */
export function toMerchantUserRows(
  users: readonly MerchantUser[],
  identities: readonly IdentityEmail[],
  now: Date,
): MerchantUserRow[] {
  const byUserId = new Map(identities.map((identity) => [identity.user_id, identity]));
  return users.map((user) => {
    const row: MerchantUserRow = { ...user, status: displayedStatus(user, now) };
    const identity = !user.email && user.status !== 'CANCELED' ? byUserId.get(user.user_id) : undefined;
    return identity ? { ...row, email: identity.email, email_status: identity.email_status } : row;
  });
}
