import { describe, expect, it } from 'vitest';
import { rowActions } from './merchantUserView';

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
