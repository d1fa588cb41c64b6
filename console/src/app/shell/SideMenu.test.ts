import { APP_ROUTES, type Role } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { jpPages } from '@/i18n/jpPages';
import { menuSections } from './SideMenu';

const PARENT = { isGroupParent: true };
const names = (role: Role, merchant = PARENT) =>
  menuSections(role, merchant).flatMap((section) => section.routes.map((r) => r.name));

describe('side menu', () => {
  it('lists only what the role may open, grouped in table order, without the account pages', () => {
    expect(menuSections('Owner', PARENT).map((s) => s.group)).toEqual([
      'home',
      'sales',
      'refund',
      'coin',
      'settings',
      'download',
    ]);
    const accountPages = APP_ROUTES.filter((route) => route.group === 'account');
    expect(accountPages.map((route) => route.name)).toEqual([
      'ChangePassword',
      'ChangeEmail',
      'TwoStep',
      'SignedInDevices',
    ]);
    expect(names('Owner')).toHaveLength(APP_ROUTES.length - accountPages.length);
    expect(names('Owner')).not.toContain('ChangePassword');
    expect(names('Owner')).not.toContain('TwoStep');
    expect(names('Owner')).not.toContain('SignedInDevices');
    expect(names('Manager')).toContain('RequestPayment');
    expect(names('Manager')).not.toContain('RequestRefund');
    expect(names('Manager_NoPayment')).not.toContain('UrlPayment');
    expect(menuSections('Member', PARENT).map((s) => s.group)).not.toContain('settings');
  });

  it('offers the group payouts page only to a group parent, for every role', () => {
    for (const role of ['Owner', 'Manager', 'Manager_NoPayment', 'Member'] as const) {
      expect(names(role, { isGroupParent: true })).toContain('WithdrawalInfoMerchant');
      expect(names(role, { isGroupParent: false })).not.toContain('WithdrawalInfoMerchant');
      // Nothing else depends on the merchant.
      expect(names(role, { isGroupParent: false })).toEqual(
        names(role, { isGroupParent: true }).filter((name) => name !== 'WithdrawalInfoMerchant'),
      );
    }
  });

  it('has a Japanese title for every route of the table', () => {
    for (const route of APP_ROUTES) {
      expect(jpPages.pages[route.name as keyof typeof jpPages.pages], route.name).toBeTruthy();
    }
  });
});
