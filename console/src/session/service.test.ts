import { ERROR_MESSAGES, type MerchantResponse, type MerchantSessionResponse, type Role } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { NoCredentialsError } from '@/api/errors';
import { readPopinfoId } from './jwt';
import { createSessionService, type SessionApi } from './service';
import { LAST_MERCHANT_KEY, STORAGE_KEYS, type Storages, writeStoredSession } from './storage';
import { createSessionStore, selectRole } from './store';
import { MemoryStorage, memoryStorages } from './testing';

const base64Url = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${base64Url({ alg: 'HS256' })}.${base64Url(claims)}.signature`;
const AUTHORIZATION = `Bearer ${jwt({ sub: '7', popinfo_id: 'pop-1' })}`;

const merchantResponse = (id: number, extra: Partial<MerchantResponse> = {}): MerchantResponse => ({
  merchant_id: id,
  name: `加盟店${id}`,
  wallet_no: `100000000${id}`,
  reloadable_coins: id === 1 ? [{ id: 1, name: 'コイン' }] : [],
  allow_subscription: id === 1 ? 1 : 0,
  merchant_group_id: 10,
  merchant_group_parent_id: 1,
  status: 'OPEN',
  ...extra,
});

const signInAnswer = (roles: [number, Role][]): MerchantSessionResponse => ({
  merchant_roles: roles.map(([merchant_id, role]) => ({ merchant_id, role, email: 'owner@example.com' })),
  identity: { user_id: 7 },
  ...(roles.length ? { reauth_token: 'reauth-login' } : {}),
});

/** A storage that logs every write, to check the order of §4's merchant switch. */
class LoggingStorage extends MemoryStorage {
  constructor(
    readonly log: string[],
    readonly label: string,
  ) {
    super();
  }
  override setItem(key: string, value: string) {
    this.log.push(`${this.label}.${key}=${value}`);
    super.setItem(key, value);
  }
}

const SECOND_STEP = {
  token: 'second-step-token',
  methods: ['totp', 'passkey', 'recovery_code'],
  expires_at: '2026-12-31T03:05:00.000Z',
} as const;

function setup(
  options: {
    roles?: [number, Role][];
    storages?: Storages;
    handover?: (storages: Storages) => Promise<boolean>;
    /** The account has a second factor: the password step answers the second step (issue 24). */
    twoStep?: boolean;
  } = {},
) {
  const store = createSessionStore();
  const storages = options.storages ?? memoryStorages();
  const calls: string[] = [];
  const navigate = vi.fn<(href: string) => void>();
  const onMerchantChanged = vi.fn();
  const onSignedOut = vi.fn();
  const api: SessionApi = {
    signIn: vi.fn(async () => {
      calls.push('signIn');
      if (options.twoStep) {
        return {
          merchant_roles: [],
          identity: { user_id: 7 },
          second_step: { ...SECOND_STEP, methods: [...SECOND_STEP.methods] },
        };
      }
      store.setState({ authorization: AUTHORIZATION });
      return signInAnswer(options.roles ?? [[1, 'Owner']]);
    }),
    completeSecondStep: vi.fn(async () => {
      calls.push('completeSecondStep');
      store.setState({ authorization: AUTHORIZATION });
      return signInAnswer(options.roles ?? [[1, 'Owner']]);
    }),
    secondStepPasskeyOptions: vi.fn(async () => ({ options: { challenge: 'c', rpId: 'localhost' } })),
    getMerchant: vi.fn(async (id: number) => {
      calls.push(`getMerchant ${id}`);
      return merchantResponse(id);
    }),
    switchMerchant: vi.fn(async (id: number) => {
      calls.push(`switch ${id}`);
      store.setState({ authorization: `Bearer switched-${id}` });
      const role = options.roles?.find(([m]) => m === id)?.[1] ?? 'Owner';
      return { reauth_token: `reauth-switch-${id}`, merchant_user: { user_nick_name: `ニック${id}`, role } };
    }),
    refresh: vi.fn(async () => {
      calls.push('refresh');
      store.setState({ authorization: 'Bearer refreshed' });
    }),
    endSession: vi.fn((authorization: string) => {
      calls.push(`endSession ${authorization}`);
    }),
  };
  const service = createSessionService({
    store,
    storages: () => storages,
    api,
    navigate,
    onMerchantChanged,
    onSignedOut,
    ...(options.handover ? { handover: () => options.handover?.(storages) ?? Promise.resolve(false) } : {}),
  });
  return { store, storages, service, api, calls, navigate, onMerchantChanged, onSignedOut };
}

describe('jwt', () => {
  it('reads the popinfo_id claim of a Bearer authorization', () => {
    expect(readPopinfoId(AUTHORIZATION)).toBe('pop-1');
    expect(readPopinfoId(jwt({ sub: '1', popinfo_id: 'ポップ' }))).toBe('ポップ');
    expect(readPopinfoId('Bearer not-a-jwt')).toBeNull();
    expect(readPopinfoId(`Bearer ${jwt({ sub: '1' })}`)).toBeNull();
  });
});

describe('login', () => {
  it('fails with このユーザーはログインできません when the answer has no merchant roles', async () => {
    const { service, store, api } = setup({ roles: [] });
    await expect(service.login({ email: 'noroles@example.com', password: 'pw', keepSignedIn: false })).rejects.toThrow(
      ERROR_MESSAGES.noMerchantRoles,
    );
    expect(api.getMerchant).not.toHaveBeenCalled();
    expect(store.getState().initialized).toBe(false);
  });

  it('loads every merchant, switches to the first, and stores everything in sessionStorage', async () => {
    const { service, store, storages, calls } = setup({
      roles: [
        [1, 'Owner'],
        [2, 'Member'],
      ],
    });
    await expect(service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false })).resolves.toEqual({
      kind: 'signedIn',
    });

    expect(calls).toEqual(['signIn', 'getMerchant 1', 'getMerchant 2', 'switch 1']);
    const state = store.getState();
    expect(state).toMatchObject({
      authorization: 'Bearer switched-1',
      reauthToken: 'reauth-switch-1',
      popinfoId: 'pop-1',
      useSession: true,
      selectedMerchantId: 1,
      initialized: true,
      user: { user_id: 7, email: 'owner@example.com', name: 'ニック1' },
    });
    expect(state.merchants).toEqual([
      {
        merchant_id: 1,
        name: '加盟店1',
        wallet_no: '1000000001',
        reloadable: true,
        allow_subscription: true,
        merchant_group: { id: 10, is_parent: true },
      },
      {
        merchant_id: 2,
        name: '加盟店2',
        wallet_no: '1000000002',
        reloadable: false,
        allow_subscription: false,
        merchant_group: { id: 10, is_parent: false },
      },
    ]);
    expect(selectRole(state)).toBe('Owner');
    const session = storages.session as MemoryStorage;
    expect(session.getItem(STORAGE_KEYS.token)).toBe('reauth-switch-1');
    expect(session.getItem(STORAGE_KEYS.popinfoId)).toBe('pop-1');
    expect(session.getItem(STORAGE_KEYS.selectedMerchantId)).toBe('1');
    expect(JSON.parse(session.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({ name: 'ニック1' });
    expect(storages.local.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps the session in localStorage when 「ログイン状態を保持する」 is ticked', async () => {
    const { service, storages } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    expect(storages.local.getItem(STORAGE_KEYS.token)).toBe('reauth-switch-1');
    expect(storages.session.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('selects the merchant chosen last on this browser when the user still holds it', async () => {
    const storages = memoryStorages({ [LAST_MERCHANT_KEY]: '2' });
    const { service, store, calls } = setup({
      storages,
      roles: [
        [1, 'Owner'],
        [2, 'Member'],
      ],
    });
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    expect(calls.at(-1)).toBe('switch 2');
    expect(store.getState().selectedMerchantId).toBe(2);
    expect(selectRole(store.getState())).toBe('Member');
  });

  it('falls back to the first merchant when the last one is gone', async () => {
    const { service, store } = setup({ storages: memoryStorages({ [LAST_MERCHANT_KEY]: '9' }) });
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    expect(store.getState().selectedMerchantId).toBe(1);
  });
});

describe('two-step sign-in (issue 24)', () => {
  it('opens nothing after the password of an account with a second factor, and says what the second step takes', async () => {
    const { service, store, storages, api } = setup({ twoStep: true });
    const outcome = await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    expect(outcome).toEqual({
      kind: 'secondStep',
      pending: {
        token: 'second-step-token',
        methods: ['totp', 'passkey', 'recovery_code'],
        expiresAt: '2026-12-31T03:05:00.000Z',
        email: 'owner@example.com',
        keepSignedIn: true,
      },
    });
    expect(api.getMerchant).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ initialized: false, reauthToken: null, user: null });
    expect((storages.local as MemoryStorage).snapshot()).toEqual({});
    expect((storages.session as MemoryStorage).snapshot()).toEqual({});
  });

  it('completes with a code and stores the session as a sign-in does, kept as the first step chose', async () => {
    const { service, store, storages, api, calls } = setup({
      twoStep: true,
      roles: [
        [1, 'Owner'],
        [2, 'Member'],
      ],
    });
    const outcome = await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    if (outcome.kind !== 'secondStep') throw new Error('expected the second step');
    await service.completeSecondStep(outcome.pending, { totp_code: '123456' });

    expect(api.completeSecondStep).toHaveBeenCalledWith({ token: 'second-step-token', totp_code: '123456' });
    expect(calls).toEqual(['signIn', 'completeSecondStep', 'getMerchant 1', 'getMerchant 2', 'switch 1']);
    expect(store.getState()).toMatchObject({
      reauthToken: 'reauth-switch-1',
      popinfoId: 'pop-1',
      useSession: false,
      selectedMerchantId: 1,
      initialized: true,
      user: { user_id: 7, email: 'owner@example.com', name: 'ニック1' },
    });
    // 「ログイン状態を保持する」 was ticked at the password: localStorage, as after a one-step sign-in.
    expect(storages.local.getItem(STORAGE_KEYS.token)).toBe('reauth-switch-1');
    expect(storages.local.getItem(STORAGE_KEYS.popinfoId)).toBe('pop-1');
    expect(storages.session.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps the session in sessionStorage when the first step did not keep it, and forgets a logout', async () => {
    const { service, storages } = setup({ twoStep: true });
    const first = await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    if (first.kind !== 'secondStep') throw new Error('expected the second step');
    await service.completeSecondStep(first.pending, { recovery_code: 'ABCDEFGHJK' });
    expect(storages.session.getItem(STORAGE_KEYS.token)).toBe('reauth-switch-1');
    expect(storages.local.getItem(STORAGE_KEYS.token)).toBeNull();

    service.logout();
    expect(service.signedOutHere()).toBe(true);
    const second = await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    // Only the password: the logout note stays until the session is open.
    expect(service.signedOutHere()).toBe(true);
    if (second.kind !== 'secondStep') throw new Error('expected the second step');
    await service.completeSecondStep(second.pending, { totp_code: '654321' });
    expect(service.signedOutHere()).toBe(false);
  });

  it('changes nothing when the second step is refused', async () => {
    const { service, store, storages, api } = setup({ twoStep: true });
    const outcome = await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    if (outcome.kind !== 'secondStep') throw new Error('expected the second step');
    vi.mocked(api.completeSecondStep).mockRejectedValueOnce(new Error('wrong code'));
    await expect(service.completeSecondStep(outcome.pending, { totp_code: '000000' })).rejects.toThrow('wrong code');
    expect(store.getState()).toMatchObject({ initialized: false, reauthToken: null });
    expect((storages.local as MemoryStorage).snapshot()).toEqual({});
  });

  it('asks for the passkey options with the second step token', async () => {
    const { service, api } = setup({ twoStep: true });
    const outcome = await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    if (outcome.kind !== 'secondStep') throw new Error('expected the second step');
    await expect(service.secondStepPasskeyOptions(outcome.pending)).resolves.toEqual({
      challenge: 'c',
      rpId: 'localhost',
    });
    expect(api.secondStepPasskeyOptions).toHaveBeenCalledWith('second-step-token');
  });
});

describe('merchant switch', () => {
  it('stores the new reauth token and nick name before it records the selected merchant, then invalidates', async () => {
    const log: string[] = [];
    const storages = { local: new LoggingStorage(log, 'local'), session: new LoggingStorage(log, 'session') };
    const { service, onMerchantChanged } = setup({
      storages,
      roles: [
        [1, 'Owner'],
        [2, 'Manager'],
      ],
    });
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    log.length = 0;
    onMerchantChanged.mockClear();

    await service.switchMerchant(2);
    const keys = log.map((entry) => entry.split('=')[0]);
    expect(keys).toEqual(['session.token', 'session.user', 'session.selected_merchant_id', 'local.last_merchant_id']);
    expect(log[0]).toBe('session.token=reauth-switch-2');
    expect(onMerchantChanged).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when the new session is refused', async () => {
    const { service, store, api } = setup({
      roles: [
        [1, 'Owner'],
        [2, 'Manager'],
      ],
    });
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    vi.mocked(api.switchMerchant).mockRejectedValueOnce(new Error('refused'));
    await expect(service.switchMerchant(2)).rejects.toThrow('refused');
    expect(store.getState().selectedMerchantId).toBe(1);
    expect(store.getState().reauthToken).toBe('reauth-switch-1');
  });
});

describe('logout', () => {
  it('clears merchants and all storage, resets the store and goes to Login', async () => {
    const { service, store, storages, navigate, onSignedOut } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    storages.local.setItem('unrelated', 'x');
    service.logout();
    expect((storages.local as MemoryStorage).snapshot()).toEqual({});
    // Only the note that this tab signed out (Login then shows no authentication error).
    expect((storages.session as MemoryStorage).snapshot()).toEqual({ signed_out: '1' });
    expect(service.signedOutHere()).toBe(true);
    expect(store.getState()).toMatchObject({ authorization: null, merchants: [], user: null, initialized: false });
    expect(onSignedOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('ends the sign-in on the server with the authorization it had, before clearing it', async () => {
    const { service, store, api, calls } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    const signedIn = store.getState().authorization;
    expect(signedIn).toMatch(/^Bearer /);
    service.logout();
    expect(calls).toContain(`endSession ${signedIn}`);
    expect(api.endSession).toHaveBeenCalledTimes(1);
  });

  it('logs out in the browser even when ending the sign-in on the server fails at once', async () => {
    const { service, store, api, navigate } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    vi.mocked(api.endSession).mockImplementation(() => {
      throw new TypeError('Failed to fetch');
    });
    service.logout();
    expect(store.getState().authorization).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('forgets a logout at the next sign-in, so a later authentication error is shown', async () => {
    const { service } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    service.logout();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    expect(service.signedOutHere()).toBe(false);
  });

  it('a forced logout goes to Login with authError=true', async () => {
    const { service, store, navigate } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    service.logout();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    service.forcedLogout();
    expect(service.signedOutHere()).toBe(false);
    expect(store.getState().initialized).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login?authError=true');
  });

  it('a forced logout for inactivity goes to Login with authError=idle (issue 48)', async () => {
    const { service, store, navigate } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    service.forcedLogout('idle');
    expect(store.getState().user).toBeNull();
    expect(navigate).toHaveBeenLastCalledWith('/login?authError=idle');
  });
});

describe('initialize (load authorization, merchants and user)', () => {
  const validSession = (storages: Storages) =>
    writeStoredSession(storages, true, {
      reauthToken: 't',
      popinfoId: 'p',
      user: { user_id: 7, email: 'owner@example.com', name: 'ニック', roles: [{ merchant_id: 1, role: 'Manager' }] },
      merchants: [
        {
          merchant_id: 1,
          name: '本店',
          wallet_no: '1000000001',
          reloadable: true,
          allow_subscription: false,
          merchant_group: { id: null, is_parent: false },
        },
      ],
      selectedMerchantId: 1,
    });

  it('restores a valid stored session and obtains an authorization with one refresh', async () => {
    const storages = memoryStorages();
    validSession(storages);
    const { service, store, api } = setup({ storages });
    await Promise.all([service.initialize(), service.initialize()]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ initialized: true, authorization: 'Bearer refreshed', popinfoId: 'p' });
    expect(selectRole(store.getState())).toBe('Manager');
  });

  it('without credentials takes a session handed over by the tab that opened this one', async () => {
    const handover = vi.fn(async (storages: Storages) => {
      validSession(storages);
      return true;
    });
    const { service, store } = setup({ handover });
    await service.initialize();
    expect(handover).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ initialized: true, popinfoId: 'p', useSession: true });
  });

  it('asks for no handover when credentials are stored, and rejects when none comes', async () => {
    const storages = memoryStorages();
    validSession(storages);
    const handover = vi.fn(async () => false);
    await setup({ storages, handover }).service.initialize();
    expect(handover).not.toHaveBeenCalled();
    const { service } = setup({ handover });
    await expect(service.initialize()).rejects.toBeInstanceOf(NoCredentialsError);
    expect(handover).toHaveBeenCalledTimes(1);
  });

  it('rejects without credentials and does not call the server', async () => {
    const { service, api } = setup();
    await expect(service.initialize()).rejects.toBeInstanceOf(NoCredentialsError);
    expect(api.refresh).not.toHaveBeenCalled();
  });

  it.each([
    ['user info', (s: Storages) => s.session.setItem(STORAGE_KEYS.user, JSON.stringify({ user_id: 7 }))],
    ['merchants', (s: Storages) => s.session.setItem(STORAGE_KEYS.merchants, '[]')],
    ['selected merchant', (s: Storages) => s.session.setItem(STORAGE_KEYS.selectedMerchantId, '5')],
  ])('rejects when the stored %s is not valid', async (_, spoil) => {
    const storages = memoryStorages();
    validSession(storages);
    spoil(storages);
    const { service, store, api } = setup({ storages });
    await expect(service.initialize()).rejects.toThrow();
    expect(api.refresh).not.toHaveBeenCalled();
    expect(store.getState().initialized).toBe(false);
  });

  it('a refused refresh during initialization clears the session without navigating (the guard decides)', async () => {
    const storages = memoryStorages();
    validSession(storages);
    const { service, store, api, navigate } = setup({ storages });
    vi.mocked(api.refresh).mockImplementationOnce(async () => {
      service.forcedLogout();
      throw new Error(ERROR_MESSAGES.authError);
    });
    await expect(service.initialize()).rejects.toThrow(ERROR_MESSAGES.authError);
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().user).toBeNull();
    expect(storages.session.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('renameMerchant (the Owner saved a new merchant name)', () => {
  it('changes the name in the store and in the storage the session lives in, so a reload keeps it', async () => {
    const { service, store, storages } = setup({
      roles: [
        [1, 'Owner'],
        [2, 'Member'],
      ],
    });
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: true });
    service.renameMerchant(1, 'めぶくカフェ 新本店');

    expect(store.getState().merchants.map((m) => m.name)).toEqual(['めぶくカフェ 新本店', '加盟店2']);
    const stored = JSON.parse(storages.local.getItem(STORAGE_KEYS.merchants) ?? '[]') as { name: string }[];
    expect(stored.map((m) => m.name)).toEqual(['めぶくカフェ 新本店', '加盟店2']);
    expect(storages.session.getItem(STORAGE_KEYS.merchants)).toBeNull();

    const restored = setup({ storages });
    await restored.service.initialize();
    expect(restored.store.getState().merchants[0]?.name).toBe('めぶくカフェ 新本店');
  });

  it('leaves the session alone for a merchant it does not hold, or an unchanged name', async () => {
    const { service, store, storages } = setup();
    await service.login({ email: 'owner@example.com', password: 'pw', keepSignedIn: false });
    const before = store.getState().merchants;
    const stored = storages.session.getItem(STORAGE_KEYS.merchants);
    service.renameMerchant(9, '他店');
    service.renameMerchant(1, '加盟店1');
    expect(store.getState().merchants).toBe(before);
    expect(storages.session.getItem(STORAGE_KEYS.merchants)).toBe(stored);
  });
});
