import type { DisplayedUserStatus, EmailStatus, MerchantUserRow } from '@/api/merchantUserRows';
import type { TranslationKey } from '@/i18n';

/** Badge colours by displayed status. */
export const STATUS_COLORS: Readonly<Record<DisplayedUserStatus, string>> = {
  ACTIVE: 'teal',
  SUSPENDED: 'orange',
  INACTIVE: 'blue',
  INVITATION_EXPIRED: 'red',
  CANCELED: 'gray',
};

/** Badge colours by the identity's email status (the 状態 of users the list answered without an email). */
export const IDENTITY_STATUS_COLORS: Readonly<Record<EmailStatus, string>> = {
  VERIFIED: 'teal',
  UNVERIFIED: 'blue',
};

/**
 * What the 状態 cell shows (§4): a user the list answered without an email takes its status, as its
 * email, from the identity lookup; the others their (derived) membership status. The row's actions
 * still follow the membership status.
 */
export function shownStatus(row: Pick<MerchantUserRow, 'status' | 'email_status'>): {
  key: TranslationKey;
  color: string;
} {
  return row.email_status
    ? {
        key: `accounts.merchantUser.identityStatuses.${row.email_status}`,
        color: IDENTITY_STATUS_COLORS[row.email_status],
      }
    : { key: `accounts.merchantUser.statuses.${row.status}`, color: STATUS_COLORS[row.status] };
}

export type RowAction = 'edit' | 'suspend' | 'activate' | 'resend';

/**
 * What an Owner may do with a row (the server checks the same): active and suspended users can be
 * edited and suspended / reactivated; invited ones (pending or expired) can get the invitation again;
 * canceled ones nothing. Owners do not suspend themselves here (they would lock themselves out).
 */
export function rowActions(row: Pick<MerchantUserRow, 'status' | 'user_id'>, selfUserId: number | null): RowAction[] {
  switch (row.status) {
    case 'ACTIVE':
      return row.user_id === selfUserId ? ['edit'] : ['edit', 'suspend'];
    case 'SUSPENDED':
      return ['edit', 'activate'];
    case 'INACTIVE':
    case 'INVITATION_EXPIRED':
      return ['resend'];
    case 'CANCELED':
      return [];
  }
}
