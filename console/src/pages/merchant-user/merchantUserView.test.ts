import { describe, expect, it } from 'vitest';
import { rowActions, shownStatus } from './merchantUserView';

describe('what an Owner may do with a user', () => {
  it.each([
    ['ACTIVE', ['edit', 'suspend']],
    ['SUSPENDED', ['edit', 'activate']],
    ['INACTIVE', ['resend']],
    ['INVITATION_EXPIRED', ['resend']],
    ['CANCELED', []],
  ] as const)('%s → %j', (status, actions) => {
    expect(rowActions({ status, user_id: 7 }, 1)).toEqual(actions);
  });

  it('an Owner does not suspend themselves', () => {
    expect(rowActions({ status: 'ACTIVE', user_id: 1 }, 1)).toEqual(['edit']);
  });
});

describe('the 状態 cell', () => {
  it('shows the membership status of a user the list answered with an email', () => {
    expect(shownStatus({ status: 'INVITATION_EXPIRED' })).toEqual({
      key: 'accounts.merchantUser.statuses.INVITATION_EXPIRED',
      color: 'red',
    });
  });

  it.each([
    ['VERIFIED', 'teal'],
    ['UNVERIFIED', 'blue'],
  ] as const)('shows the identity status %s of a user looked up for want of an email', (emailStatus, color) => {
    expect(shownStatus({ status: 'SUSPENDED', email_status: emailStatus })).toEqual({
      key: `accounts.merchantUser.identityStatuses.${emailStatus}`,
      color,
    });
  });
});
