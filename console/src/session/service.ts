import {
  FORCED_LOGOUT_TARGET,
  type MerchantResponse,
  type MerchantSessionResponse,
  NAMED_PATHS,
  type Role,
} from '@coin/contract';
import { NoCredentialsError, NoMerchantRolesError, UnexpectedResponseError } from '@/api/errors';
import { readPopinfoId } from './jwt';
import {
  clearAllStorage,
  clearStoredSession,
  decideUseSession,
  hasCredentials,
  isValidMerchants,
  isValidUserInfo,
  readLastMerchantId,
  readStoredSession,
  type Storages,
  writeStoredSession,
} from './storage';
import type { SessionStore } from './store';
import { INITIAL_SESSION_STATE, type MerchantEntry, toMerchantEntry, type UserInfo } from './types';

/** The calls the session makes (the API resource modules in the app, fakes in tests). */
export interface SessionApi {
  signIn(credentials: { email: string; password: string }): Promise<MerchantSessionResponse>;
  getMerchant(merchantId: number): Promise<MerchantResponse>;
  switchMerchant(
    merchantId: number,
  ): Promise<{ reauth_token: string; merchant_user: { user_nick_name: string; role: Role } }>;
  refresh(): Promise<void>;
}

export interface SessionServiceDeps {
  store: SessionStore;
  storages: () => Storages;
  api: SessionApi;
  /** The selected merchant changed: cached server data belongs to another merchant now. */
  onMerchantChanged?: () => void | Promise<void>;
  /** The session ended: drop cached server data. */
  onSignedOut?: () => void;
  navigate: (href: string) => void;
}

export interface LoginInput {
  email: string;
  password: string;
  keepSignedIn: boolean;
}

export class InvalidStoredSessionError extends Error {
  override readonly name = 'InvalidStoredSessionError';
  constructor(what: string) {
    super(`stored ${what} is not valid`);
  }
}

const hrefOf = (target: { path: string; query: Readonly<Record<string, string>> }) => {
  const query = new URLSearchParams(target.query).toString();
  return query ? `${target.path}?${query}` : target.path;
};

export interface SessionService {
  /** Load authorization, merchants and user (§2): restore, validate, refresh when no authorization. Throws on failure. */
  initialize(): Promise<void>;
  login(input: LoginInput): Promise<void>;
  switchMerchant(merchantId: number): Promise<void>;
  logout(): void;
  /** Clear the session and land on Login with authError=true (§2). */
  forcedLogout(): void;
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { store, api } = deps;
  let initializing: Promise<void> | null = null;
  // Set before restore() starts: a refresh refused inside it must see that the guard is loading.
  let loading = false;

  async function restore(): Promise<void> {
    const storages = deps.storages();
    const stored = readStoredSession(storages);
    if (!hasCredentials(stored)) throw new NoCredentialsError();
    if (!isValidUserInfo(stored.user)) throw new InvalidStoredSessionError('user');
    if (!isValidMerchants(stored.merchants, stored.selectedMerchantId))
      throw new InvalidStoredSessionError('merchants');
    store.setState({
      reauthToken: stored.reauthToken,
      popinfoId: stored.popinfoId,
      useSession: stored.useSession,
      user: stored.user,
      merchants: stored.merchants,
      selectedMerchantId: stored.selectedMerchantId,
    });
    if (!store.getState().authorization) await api.refresh();
    store.setState({ initialized: true });
  }

  function initialize(): Promise<void> {
    if (store.getState().initialized) return Promise.resolve();
    if (!initializing) {
      loading = true;
      initializing = restore()
        .catch((error: unknown) => {
          store.setState({ ...INITIAL_SESSION_STATE });
          throw error;
        })
        .finally(() => {
          loading = false;
          initializing = null;
        });
    }
    return initializing;
  }

  async function switchMerchant(merchantId: number): Promise<void> {
    const { useSession, user } = store.getState();
    const answer = await api.switchMerchant(merchantId);
    const storages = deps.storages();
    // The new session comes first: its reauth token, then the nick name, then the selection (§4).
    writeStoredSession(storages, useSession, { reauthToken: answer.reauth_token });
    store.setState({ reauthToken: answer.reauth_token });
    if (user) {
      const roles = user.roles.map((r) =>
        r.merchant_id === merchantId ? { merchant_id: r.merchant_id, role: answer.merchant_user.role } : r,
      );
      const nextUser: UserInfo = { ...user, name: answer.merchant_user.user_nick_name, roles };
      writeStoredSession(storages, useSession, { user: nextUser });
      store.setState({ user: nextUser });
    }
    writeStoredSession(storages, useSession, { selectedMerchantId: merchantId });
    store.setState({ selectedMerchantId: merchantId });
    await deps.onMerchantChanged?.();
  }

  async function login(input: LoginInput): Promise<void> {
    const answer = await api.signIn({ email: input.email, password: input.password });
    const firstRole = answer.merchant_roles[0];
    if (!firstRole || !answer.reauth_token) throw new NoMerchantRolesError();
    const authorization = store.getState().authorization;
    const popinfoId = authorization ? readPopinfoId(authorization) : null;
    if (!popinfoId) throw new UnexpectedResponseError('authorization without popinfo_id');

    const storages = deps.storages();
    const useSession = decideUseSession(storages, input.keepSignedIn);
    writeStoredSession(storages, useSession, { reauthToken: answer.reauth_token, popinfoId });
    store.setState({ reauthToken: answer.reauth_token, popinfoId, useSession, initialized: false });

    const merchants: MerchantEntry[] = (
      await Promise.all(answer.merchant_roles.map((r) => api.getMerchant(r.merchant_id)))
    ).map(toMerchantEntry);
    const user: UserInfo = {
      user_id: answer.identity.user_id,
      email: firstRole.email || input.email,
      name: '',
      roles: answer.merchant_roles.map((r) => ({ merchant_id: r.merchant_id, role: r.role })),
    };
    writeStoredSession(storages, useSession, { user, merchants });
    store.setState({ user, merchants });

    const lastMerchantId = readLastMerchantId(storages);
    const chosen = merchants.find((m) => m.merchant_id === lastMerchantId) ?? merchants[0];
    if (!chosen) throw new NoMerchantRolesError();
    await switchMerchant(chosen.merchant_id);
    store.setState({ initialized: true });
  }

  function reset(): void {
    store.setState({ ...INITIAL_SESSION_STATE });
    deps.onSignedOut?.();
  }

  return {
    initialize,
    login,
    switchMerchant,
    logout() {
      store.setState({ merchants: [] });
      clearAllStorage(deps.storages());
      reset();
      deps.navigate(NAMED_PATHS.Login);
    },
    forcedLogout() {
      clearStoredSession(deps.storages());
      reset();
      // While the guard is loading the session it decides where to go itself (Login stays on Login).
      if (!loading) deps.navigate(hrefOf(FORCED_LOGOUT_TARGET));
    },
  };
}
