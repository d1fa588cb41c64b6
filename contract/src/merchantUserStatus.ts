/*
 * A merchant user's status, as plain values: the console's user list derives the shown status with
 * them, and taking them from the schemas' module (schemas/merchantUsers.ts) brought the call schemas
 * and zod into that page's chunk.
 */

export const MERCHANT_USER_STATUSES = ['ACTIVE', 'SUSPENDED', 'INACTIVE', 'CANCELED'] as const;
/** INVITATION_EXPIRED is derived on the client, never sent by the server. */
export const DISPLAYED_USER_STATUSES = [...MERCHANT_USER_STATUSES, 'INVITATION_EXPIRED'] as const;

/** §4: INVITATION_EXPIRED is INACTIVE with an activation-token expiry in the past (the list and its CSV). */
export function displayedUserStatus(
  user: { status: (typeof MERCHANT_USER_STATUSES)[number]; activate_token_available_until: string | null },
  now: Date,
): (typeof DISPLAYED_USER_STATUSES)[number] {
  if (
    user.status === 'INACTIVE' &&
    user.activate_token_available_until !== null &&
    new Date(user.activate_token_available_until).getTime() < now.getTime()
  ) {
    return 'INVITATION_EXPIRED';
  }
  return user.status;
}
