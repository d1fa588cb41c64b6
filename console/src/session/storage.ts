import { isRole } from '@coin/contract';
import type { MerchantEntry, UserInfo } from './types';

/** The part of the Web Storage API the session uses (in-memory fakes in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface Storages {
  local: StorageLike;
  session: StorageLike;
}

export const STORAGE_KEYS = {
  token: 'token',
  popinfoId: 'popinfo_id',
  user: 'user',
  merchants: 'merchants',
  selectedMerchantId: 'selected_merchant_id',
} as const;

/** The merchant chosen last on this browser (localStorage, outlives the tab). */
export const LAST_MERCHANT_KEY = 'last_merchant_id';

/** What storage holds of a session, before validation. */
export interface StoredSession {
  useSession: boolean;
  reauthToken: string | null;
  popinfoId: string | null;
  user: unknown;
  merchants: unknown;
  selectedMerchantId: number | null;
}

/**
 * §4: useSession is true unless a token already exists in localStorage, or the user ticked
 * 「ログイン状態を保持する」 (then localStorage).
 */
export function decideUseSession(storages: Storages, keepSignedIn: boolean): boolean {
  return !keepSignedIn && !storages.local.getItem(STORAGE_KEYS.token);
}

export const storageFor = (storages: Storages, useSession: boolean): StorageLike =>
  useSession ? storages.session : storages.local;

/** Where a restored session lives: localStorage when it holds a token, else sessionStorage. */
export const restoredUseSession = (storages: Storages): boolean => !storages.local.getItem(STORAGE_KEYS.token);

function readJson(storage: StorageLike, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function readId(storage: StorageLike, key: string): number | null {
  const raw = storage.getItem(key);
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

export function readStoredSession(storages: Storages): StoredSession {
  const useSession = restoredUseSession(storages);
  const storage = storageFor(storages, useSession);
  return {
    useSession,
    reauthToken: storage.getItem(STORAGE_KEYS.token) || null,
    popinfoId: storage.getItem(STORAGE_KEYS.popinfoId) || null,
    user: readJson(storage, STORAGE_KEYS.user),
    merchants: readJson(storage, STORAGE_KEYS.merchants),
    selectedMerchantId: readId(storage, STORAGE_KEYS.selectedMerchantId),
  };
}

/** §4: no token or no popinfo id means not authenticated. */
export const hasCredentials = (stored: Pick<StoredSession, 'reauthToken' | 'popinfoId'>): boolean =>
  Boolean(stored.reauthToken) && Boolean(stored.popinfoId);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** §5: stored user info is valid only if it has user_id, email, name and roles. */
export function isValidUserInfo(value: unknown): value is UserInfo {
  if (!isRecord(value)) return false;
  const { user_id, email, name, roles } = value;
  return (
    typeof user_id === 'number' &&
    typeof email === 'string' &&
    email !== '' &&
    typeof name === 'string' &&
    Array.isArray(roles) &&
    roles.every((r) => isRecord(r) && typeof r.merchant_id === 'number' && isRole(r.role))
  );
}

const isValidMerchantEntry = (value: unknown): value is MerchantEntry =>
  isRecord(value) &&
  typeof value.merchant_id === 'number' &&
  typeof value.name === 'string' &&
  typeof value.wallet_no === 'string' &&
  typeof value.reloadable === 'boolean' &&
  typeof value.allow_subscription === 'boolean';

/**
 * §5: stored merchants are valid only if the list is non-empty, every entry has merchant_id, name,
 * wallet_no, reloadable and allow_subscription, and the selected id is among them.
 */
export function isValidMerchants(value: unknown, selectedMerchantId: number | null): value is MerchantEntry[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(isValidMerchantEntry) &&
    selectedMerchantId !== null &&
    value.some((m) => m.merchant_id === selectedMerchantId)
  );
}

export interface SessionRecord {
  reauthToken?: string;
  popinfoId?: string;
  user?: UserInfo;
  merchants?: MerchantEntry[];
  selectedMerchantId?: number;
}

/** Write the given parts of the session to the storage useSession selects. */
export function writeStoredSession(storages: Storages, useSession: boolean, record: SessionRecord): void {
  const storage = storageFor(storages, useSession);
  if (record.reauthToken !== undefined) storage.setItem(STORAGE_KEYS.token, record.reauthToken);
  if (record.popinfoId !== undefined) storage.setItem(STORAGE_KEYS.popinfoId, record.popinfoId);
  if (record.user !== undefined) storage.setItem(STORAGE_KEYS.user, JSON.stringify(record.user));
  if (record.merchants !== undefined) storage.setItem(STORAGE_KEYS.merchants, JSON.stringify(record.merchants));
  if (record.selectedMerchantId !== undefined) {
    storage.setItem(STORAGE_KEYS.selectedMerchantId, String(record.selectedMerchantId));
    storages.local.setItem(LAST_MERCHANT_KEY, String(record.selectedMerchantId));
  }
}

/** Remove the session's keys from both storages (a forced logout keeps the rest of the browser's data). */
export function clearStoredSession(storages: Storages): void {
  for (const storage of [storages.local, storages.session]) {
    for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
  }
}

/** §4 logout: all storage is cleared. */
export function clearAllStorage(storages: Storages): void {
  storages.local.clear();
  storages.session.clear();
}

/**
 * Set by a logout in this tab (after all storage is cleared): the Login page it leads to, also when
 * Back returns to a signed-in page and the guard sends it to Login with authError, is no authentication
 * error. A forced logout and a sign-in forget it.
 */
const SIGNED_OUT_KEY = 'signed_out';
export const markSignedOut = (storages: Storages): void => storages.session.setItem(SIGNED_OUT_KEY, '1');
export const wasSignedOut = (storages: Storages): boolean => storages.session.getItem(SIGNED_OUT_KEY) === '1';
export const forgetSignedOut = (storages: Storages): void => storages.session.removeItem(SIGNED_OUT_KEY);

export const readLastMerchantId = (storages: Storages): number | null => readId(storages.local, LAST_MERCHANT_KEY);
