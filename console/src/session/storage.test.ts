import { describe, expect, it } from 'vitest';
import {
  clearAllStorage,
  clearStoredSession,
  decideUseSession,
  hasCredentials,
  isValidMerchants,
  isValidUserInfo,
  LAST_MERCHANT_KEY,
  readStoredSession,
  STORAGE_KEYS,
  writeStoredSession,
} from './storage';
import { memoryStorages } from './testing';
import type { MerchantEntry, UserInfo } from './types';

const user: UserInfo = {
  user_id: 7,
  email: 'owner@example.com',
  name: 'オーナー',
  roles: [{ merchant_id: 1, role: 'Owner' }],
};
const merchant: MerchantEntry = {
  merchant_id: 1,
  name: 'めぶくカフェ 本店',
  wallet_no: '1000000001',
  reloadable: true,
  allow_subscription: false,
  merchant_group: { id: 1, is_parent: true },
};

describe('§4 useSession: which storage a new session goes to', () => {
  it.each([
    { localToken: false, keepSignedIn: false, useSession: true, storage: 'sessionStorage' },
    { localToken: true, keepSignedIn: false, useSession: false, storage: 'localStorage' },
    { localToken: false, keepSignedIn: true, useSession: false, storage: 'localStorage' },
    { localToken: true, keepSignedIn: true, useSession: false, storage: 'localStorage' },
  ])('token in localStorage: $localToken, keep signed in: $keepSignedIn → $storage', (row) => {
    const storages = memoryStorages(row.localToken ? { [STORAGE_KEYS.token]: 'old' } : {});
    const useSession = decideUseSession(storages, row.keepSignedIn);
    expect(useSession).toBe(row.useSession);

    writeStoredSession(storages, useSession, { reauthToken: 'new', popinfoId: 'p1' });
    const target = row.storage === 'sessionStorage' ? storages.session : storages.local;
    const other = row.storage === 'sessionStorage' ? storages.local : storages.session;
    expect(target.getItem(STORAGE_KEYS.token)).toBe('new');
    expect(target.getItem(STORAGE_KEYS.popinfoId)).toBe('p1');
    expect(other.getItem(STORAGE_KEYS.popinfoId)).toBeNull();
  });
});

describe('§4 restore on start', () => {
  it.each<{
    case: string;
    local: Record<string, string>;
    session: Record<string, string>;
    useSession: boolean;
    authenticated: boolean;
  }>([
    {
      case: 'token and popinfo id in sessionStorage',
      local: {},
      session: { token: 't', popinfo_id: 'p' },
      useSession: true,
      authenticated: true,
    },
    {
      case: 'token and popinfo id in localStorage',
      local: { token: 't', popinfo_id: 'p' },
      session: {},
      useSession: false,
      authenticated: true,
    },
    {
      case: 'localStorage wins when both hold a token',
      local: { token: 'local', popinfo_id: 'p' },
      session: { token: 'session', popinfo_id: 'p' },
      useSession: false,
      authenticated: true,
    },
    { case: 'no token', local: {}, session: { popinfo_id: 'p' }, useSession: true, authenticated: false },
    { case: 'no popinfo id', local: {}, session: { token: 't' }, useSession: true, authenticated: false },
    { case: 'empty token', local: {}, session: { token: '', popinfo_id: 'p' }, useSession: true, authenticated: false },
    { case: 'nothing stored', local: {}, session: {}, useSession: true, authenticated: false },
  ])('$case', (row) => {
    const stored = readStoredSession(memoryStorages(row.local, row.session));
    expect(stored.useSession).toBe(row.useSession);
    expect(hasCredentials(stored)).toBe(row.authenticated);
    if (row.case.startsWith('localStorage wins')) expect(stored.reauthToken).toBe('local');
  });

  it('reads user, merchants and the selected id from the same storage', () => {
    const storages = memoryStorages();
    writeStoredSession(storages, true, {
      reauthToken: 't',
      popinfoId: 'p',
      user,
      merchants: [merchant],
      selectedMerchantId: 1,
    });
    const stored = readStoredSession(storages);
    expect(stored).toEqual({
      useSession: true,
      reauthToken: 't',
      popinfoId: 'p',
      user,
      merchants: [merchant],
      selectedMerchantId: 1,
    });
    expect(storages.local.getItem(LAST_MERCHANT_KEY)).toBe('1');
  });

  it('treats unreadable JSON as missing', () => {
    const stored = readStoredSession(memoryStorages({}, { token: 't', popinfo_id: 'p', user: '{not json' }));
    expect(stored.user).toBeNull();
    expect(isValidUserInfo(stored.user)).toBe(false);
  });
});

describe('§5 stored user info validity', () => {
  const { roles: _roles, ...withoutRoles } = user;
  it.each([
    { case: 'complete', value: user, valid: true },
    { case: 'empty nick name is still a name', value: { ...user, name: '' }, valid: true },
    { case: 'no user_id', value: { ...user, user_id: undefined }, valid: false },
    { case: 'no email', value: { ...user, email: undefined }, valid: false },
    { case: 'empty email', value: { ...user, email: '' }, valid: false },
    { case: 'no name', value: { ...user, name: undefined }, valid: false },
    { case: 'no roles', value: withoutRoles, valid: false },
    { case: 'roles not a list', value: { ...user, roles: 'Owner' }, valid: false },
    { case: 'unknown role', value: { ...user, roles: [{ merchant_id: 1, role: 'Admin' }] }, valid: false },
    { case: 'null', value: null, valid: false },
    { case: 'a list', value: [user], valid: false },
  ])('$case → $valid', ({ value, valid }) => {
    expect(isValidUserInfo(value)).toBe(valid);
  });
});

describe('§5 stored merchants validity', () => {
  const { reloadable: _reloadable, ...withoutReloadable } = merchant;
  const { allow_subscription: _allow, ...withoutAllow } = merchant;
  const { wallet_no: _walletNo, ...withoutWalletNo } = merchant;
  const { name: _name, ...withoutName } = merchant;
  const { merchant_id: _id, ...withoutId } = merchant;
  const second = { ...merchant, merchant_id: 2, name: '駅前店' };
  it.each([
    { case: 'one entry, selected', value: [merchant], selected: 1, valid: true },
    { case: 'selected is the second entry', value: [merchant, second], selected: 2, valid: true },
    { case: 'empty list', value: [], selected: 1, valid: false },
    { case: 'not a list', value: merchant, selected: 1, valid: false },
    { case: 'selected id not among them', value: [merchant], selected: 3, valid: false },
    { case: 'no selected id', value: [merchant], selected: null, valid: false },
    { case: 'entry without merchant_id', value: [withoutId], selected: 1, valid: false },
    { case: 'entry without name', value: [withoutName], selected: 1, valid: false },
    { case: 'entry without wallet_no', value: [withoutWalletNo], selected: 1, valid: false },
    { case: 'entry without reloadable', value: [withoutReloadable], selected: 1, valid: false },
    { case: 'entry without allow_subscription', value: [withoutAllow], selected: 1, valid: false },
    { case: 'one bad entry among good ones', value: [merchant, withoutAllow], selected: 1, valid: false },
  ])('$case → $valid', ({ value, selected, valid }) => {
    expect(isValidMerchants(value, selected)).toBe(valid);
  });
});

describe('clearing', () => {
  it('a forced logout removes the session keys from both storages and keeps the rest', () => {
    const session = { token: 't', popinfo_id: 'p', user: '{}', merchants: '[]', selected_merchant_id: '1' };
    const storages = memoryStorages({ ...session, [LAST_MERCHANT_KEY]: '1', other: 'x' }, { ...session });
    clearStoredSession(storages);
    expect(storages.local.snapshot()).toEqual({ [LAST_MERCHANT_KEY]: '1', other: 'x' });
    expect(storages.session.snapshot()).toEqual({});
  });

  it('logout clears all storage', () => {
    const storages = memoryStorages({ token: 't', [LAST_MERCHANT_KEY]: '1', other: 'x' }, { token: 't' });
    clearAllStorage(storages);
    expect(storages.local.snapshot()).toEqual({});
    expect(storages.session.snapshot()).toEqual({});
  });
});
