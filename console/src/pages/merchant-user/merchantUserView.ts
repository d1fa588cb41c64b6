import type { DisplayedUserStatus, MerchantUserRow } from '@/api/merchantUserRows';

/** Badge colours by displayed status. */
export const STATUS_COLORS: Readonly<Record<DisplayedUserStatus, string>> = {
  ACTIVE: 'teal',
  SUSPENDED: 'orange',
  INACTIVE: 'blue',
  INVITATION_EXPIRED: 'red',
  CANCELED: 'gray',
};

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
