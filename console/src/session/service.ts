import {
  FORCED_LOGOUT_TARGET,
  type MerchantResponse,
  type MerchantSessionResponse,
  NAMED_PATHS,
  type Role,
  type SecondStep,
} from '@coin/contract';
import type { SignOutReason } from '@/api/client';
import { NoCredentialsError } from '@/api/errors';
import { lazy } from '@/api/lazy';
import type { SecondFactorProof } from '@/components/twoStepCodes';
import {
  clearAllStorage,
  clearStoredSession,
  forgetSignedOut,
  hasCredentials,
  isValidMerchants,
  isValidUserInfo,
  markSignedOut,
  readStoredSession,
  type Storages,
  wasSignedOut,
  writeStoredSession,
} from './storage';
import type { SessionStore } from './store';
import { INITIAL_SESSION_STATE } from './types';

/** login() and switchMerchant() (signIn.ts) load with their first use; a chunk that cannot be fetched is a network failure. */
export const loadSignIn = lazy(() => import('./signIn'));

/** The calls the session makes (the API resource modules in the app, fakes in tests). */
export interface SessionApi {
  signIn(credentials: { email: string; password: string }): Promise<MerchantSessionResponse>;
  /** The second step of a sign-in with two-step sign-in: answers as a sign-in does (issue 24). */
  completeSecondStep(body: { token: string } & SecondFactorProof): Promise<MerchantSessionResponse>;
  /** The WebAuthn request options for the second step with a passkey. */
  secondStepPasskeyOptions(token: string): Promise<{ options: Record<string, unknown> }>;
  getMerchant(merchantId: number): Promise<MerchantResponse>;
  switchMerchant(
    merchantId: number,
  ): Promise<{ reauth_token: string; merchant_user: { user_nick_name: string; role: Role } }>;
  refresh(): Promise<void>;
  /** Ends the sign-in on the server too; must not throw or wait (logout goes on without the network). */
  endSession(authorization: string): void;
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
  /** Without stored credentials: take the session of the signed-in tab that opened this one, if any (tabs.ts). */
  handover?: () => Promise<boolean>;
}

export interface LoginInput {
  email: string;
  password: string;
  keepSignedIn: boolean;
}

/**
 * The password was right and the account has a second factor: no session yet (issue 24). What the first
 * step decided (the address, 「ログイン状態を保持する」) is carried to the second.
 */
export interface PendingSecondStep {
  token: string;
  methods: SecondStep['methods'];
  expiresAt: string;
  email: string;
  keepSignedIn: boolean;
}

/** What a sign-in's password step came to: the session is open, or the second step is needed. */
export type LoginOutcome = { kind: 'signedIn' } | { kind: 'secondStep'; pending: PendingSecondStep };

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

/** Where a sign-out for inactivity lands: Login, which says why (issue 48). */
export const IDLE_LOGOUT_TARGET = { path: NAMED_PATHS.Login, query: { authError: 'idle' } } as const;

export interface SessionService {
  /** Load authorization, merchants and user (§2): restore, validate, refresh when no authorization. Throws on failure. */
  initialize(): Promise<void>;
  /** The password step; an account with a second factor answers `secondStep` and opens nothing yet. */
  login(input: LoginInput): Promise<LoginOutcome>;
  /** The second step with a code, a recovery code or a passkey's answer; then as a sign-in (issue 24). */
  completeSecondStep(pending: PendingSecondStep, proof: SecondFactorProof): Promise<void>;
  /** The options a passkey signs for the second step. */
  secondStepPasskeyOptions(pending: PendingSecondStep): Promise<Record<string, unknown>>;
  switchMerchant(merchantId: number): Promise<void>;
  logout(): void;
  /** Clear the session and land on Login with authError=true (§2); for inactivity, authError=idle (issue 48). */
  forcedLogout(reason?: SignOutReason): void;
  /** Whether this tab's user signed out (Login then shows no authentication error). */
  signedOutHere(): boolean;
  /** The Owner renamed a merchant: the header and every page show the new name, also after a reload. */
  renameMerchant(merchantId: number, name: string): void;
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const { store, api } = deps;
  let initializing: Promise<void> | null = null;
  // Set before restore() starts: a refresh refused inside it must see that the guard is loading.
  let loading = false;

  async function restore(): Promise<void> {
    const storages = deps.storages();
    let stored = readStoredSession(storages);
    if (!hasCredentials(stored) && (await deps.handover?.())) stored = readStoredSession(storages);
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

  function reset(): void {
    store.setState({ ...INITIAL_SESSION_STATE });
    deps.onSignedOut?.();
  }

  return {
    initialize,
    login: async (input) => {
      const outcome = await (await loadSignIn()).login(deps, input);
      if (outcome.kind === 'signedIn') forgetSignedOut(deps.storages());
      return outcome;
    },
    completeSecondStep: async (pending, proof) => {
      await (await loadSignIn()).completeSecondStep(deps, pending, proof);
      forgetSignedOut(deps.storages());
    },
    secondStepPasskeyOptions: async (pending) => (await deps.api.secondStepPasskeyOptions(pending.token)).options,
    switchMerchant: async (merchantId) => (await loadSignIn()).switchMerchant(deps, merchantId),
    logout() {
      // The server revokes the sign-in (its reauth token would otherwise refresh for 30 days); the
      // authorization is read now, before it is cleared, and logout does not wait for the answer.
      const { authorization } = store.getState();
      if (authorization) {
        try {
          deps.api.endSession(authorization);
        } catch {
          // Offline or the API chunk missing: the browser's side of the logout still happens.
        }
      }
      store.setState({ merchants: [] });
      clearAllStorage(deps.storages());
      markSignedOut(deps.storages());
      reset();
      deps.navigate(NAMED_PATHS.Login);
    },
    forcedLogout(reason) {
      clearStoredSession(deps.storages());
      forgetSignedOut(deps.storages());
      reset();
      // While the guard is loading the session it decides where to go itself (Login stays on Login).
      if (!loading) deps.navigate(hrefOf(reason === 'idle' ? IDLE_LOGOUT_TARGET : FORCED_LOGOUT_TARGET));
    },
    signedOutHere: () => wasSignedOut(deps.storages()),
    renameMerchant(merchantId, name) {
      const { merchants, useSession } = store.getState();
      if (!merchants.some((m) => m.merchant_id === merchantId && m.name !== name)) return;
      const renamed = merchants.map((m) => (m.merchant_id === merchantId ? { ...m, name } : m));
      writeStoredSession(deps.storages(), useSession, { merchants: renamed });
      store.setState({ merchants: renamed });
    },
  };
}
