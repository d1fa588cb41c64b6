import type { MerchantUser } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { displayedStatus, toMerchantUserRows, userIdsNeedingLookup } from './merchantUserRows';

const NOW = new Date('2026-11-22T00:00:00Z');
const user = (overrides: Partial<MerchantUser>): MerchantUser => ({
  user_id: 1,
  email: 'a@example.com',
  status: 'ACTIVE',
  activate_token_available_until: null,
  name: 'ユーザー',
  role: 'Member',
  two_step: false,
  ...overrides,
});

describe('merchant user rows', () => {
  it.each([
    { status: 'INACTIVE', until: '2026-11-21T23:59:59Z', shown: 'INVITATION_EXPIRED' },
    { status: 'INACTIVE', until: '2026-11-22T00:00:01Z', shown: 'INACTIVE' },
    { status: 'INACTIVE', until: null, shown: 'INACTIVE' },
    { status: 'ACTIVE', until: '2020-01-01T00:00:00Z', shown: 'ACTIVE' },
    { status: 'SUSPENDED', until: null, shown: 'SUSPENDED' },
    { status: 'CANCELED', until: '2020-01-01T00:00:00Z', shown: 'CANCELED' },
  ] as const)('$status with expiry $until shows $shown', ({ status, until, shown }) => {
    expect(displayedStatus({ status, activate_token_available_until: until }, NOW)).toBe(shown);
  });

  it('looks up each distinct user without an email once, skipping cancelled users', () => {
    const users = [
      user({ user_id: 1 }),
      user({ user_id: 2, email: undefined }),
      user({ user_id: 2, email: undefined, role: 'Manager' }),
      user({ user_id: 3, email: undefined, status: 'CANCELED' }),
      user({ user_id: 4, email: '' }),
    ];
    expect(userIdsNeedingLookup(users)).toEqual([2, 4]);
  });

  it('merges the looked-up email and email status, and derives statuses', () => {
    const rows = toMerchantUserRows(
      [
        user({
          user_id: 2,
          email: undefined,
          status: 'INACTIVE',
          activate_token_available_until: '2026-01-01T00:00:00Z',
        }),
        user({ user_id: 3, email: undefined, status: 'CANCELED' }),
      ],
      [{ user_id: 2, email: 'found@example.com', email_status: 'UNVERIFIED' }],
      NOW,
    );
    expect(rows[0]).toMatchObject({
      email: 'found@example.com',
      email_status: 'UNVERIFIED',
      status: 'INVITATION_EXPIRED',
    });
    expect(rows[1]?.email).toBeUndefined();
  });
});
