import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardDecision, type GuardInput, isIntermediaryHost, isQrHost } from './guard';
import { ROLES, type Role } from './roles';
import { APP_ACTIONS, APP_ROUTES, PUBLIC_ROUTES, QR_ACTIONS, RETURN_APP_ACTIONS, resolvePath } from './routes';

const input = (over: Partial<GuardInput>): GuardInput => ({
  pathname: '/top',
  hostname: 'localhost',
  query: {},
  initialized: false,
  role: 'Member',
  ...over,
});

const HOSTS = { plain: 'localhost', qr: 'qr.localhost', app: 'app.localhost' } as const;
const NOT_FOUND: GuardDecision = { type: 'special', page: 'NotFound' };
const LOGIN_AUTH_ERROR: GuardDecision = { type: 'redirect', path: '/login', query: { authError: 'true' } };

describe('hostnames', () => {
  it.each([
    ['qr.example.jp', true, true],
    ['app.example.jp', false, true],
    ['localhost', false, false],
    ['www.qr.example.jp', false, false],
    ['qrcode.example.jp', false, false],
  ])('%s: qr=%s intermediary=%s', (host, qr, intermediary) => {
    expect(isQrHost(host)).toBe(qr);
    expect(isIntermediaryHost(host)).toBe(intermediary);
  });
});

describe('unknown paths and the root', () => {
  it.each(['/nope', '/top/extra', '/TOP', '/merchant/user/', '/intermediaryReturnApp/unknown/'])(
    '%s shows the not-found page on every host',
    (pathname) => {
      for (const hostname of Object.values(HOSTS)) {
        expect(decideNavigation(input({ pathname, hostname }))).toEqual(NOT_FOUND);
      }
    },
  );

  it('the root redirects to Top', () => {
    expect(decideNavigation(input({ pathname: '/' }))).toEqual({ type: 'redirect', path: '/top', query: {} });
  });
});

describe('intermediary routes', () => {
  const actions = [...QR_ACTIONS, ...APP_ACTIONS];
  it.each(actions)('/%s/ is the Intermediary page on qr. and app. hosts and not found elsewhere', (action) => {
    const pathname = `/${action}/`;
    for (const hostname of [HOSTS.qr, HOSTS.app]) {
      expect(decideNavigation(input({ pathname, hostname }))).toEqual({
        type: 'special',
        page: 'Intermediary',
        action,
      });
    }
    expect(decideNavigation(input({ pathname, hostname: HOSTS.plain }))).toEqual(NOT_FOUND);
  });

  it.each(RETURN_APP_ACTIONS)('/%s/ hands over to IntermediaryReturnApp with the action and the query', (action) => {
    const query = { code: 'abc' };
    for (const hostname of [HOSTS.qr, HOSTS.app]) {
      expect(decideNavigation(input({ pathname: `/${action}/`, hostname, query }))).toEqual({
        type: 'redirect',
        path: `/intermediaryReturnApp/${action}/`,
        query,
      });
      expect(decideNavigation(input({ pathname: `/intermediaryReturnApp/${action}/`, hostname }))).toEqual({
        type: 'special',
        page: 'IntermediaryReturnApp',
        action,
      });
    }
    expect(decideNavigation(input({ pathname: `/${action}/`, hostname: HOSTS.plain }))).toEqual(NOT_FOUND);
    expect(decideNavigation(input({ pathname: `/intermediaryReturnApp/${action}/`, hostname: HOSTS.plain }))).toEqual(
      NOT_FOUND,
    );
  });

  it('a trailing slash tells the QR intermediary from the page of the same name', () => {
    expect(resolvePath('/merchant')).toMatchObject({ kind: 'app', route: { name: 'Merchant' } });
    expect(resolvePath('/merchant/')).toEqual({ kind: 'intermediaryQr', action: 'merchant' });
    expect(resolvePath('/coupon')).toMatchObject({ kind: 'app', route: { name: 'Coupon' } });
    expect(resolvePath('/coupon/')).toEqual({ kind: 'intermediaryQr', action: 'coupon' });
  });
});

describe('public routes', () => {
  const nonLogin = PUBLIC_ROUTES.filter((r) => r.name !== 'Login');
  it.each(nonLogin.map((r) => [r.path, r.name]))('%s (%s) opens without sign-in', (pathname) => {
    expect(decideNavigation(input({ pathname }))).toEqual({ type: 'allow' });
  });

  it('carries the verify flag exactly on the routes the specification marks', () => {
    const verified = PUBLIC_ROUTES.filter((r) => r.verify).map((r) => r.path);
    expect(verified.sort()).toEqual(
      [
        '/password/reset',
        '/mu/password/reset',
        '/email/init',
        '/mu/init',
        '/email/verify',
        '/mu/verify',
        '/mu',
        '/mu/invitations',
        '/account_transfer',
        '/account_transfer/',
        '/bankpay',
        '/bankpay/',
      ].sort(),
    );
  });
});

describe('Login', () => {
  it('with authError shows Login without loading', () => {
    expect(decideNavigation(input({ pathname: '/login', query: { authError: 'true' } }))).toEqual({ type: 'allow' });
  });

  it('without authError tries to load the session first', () => {
    expect(decideNavigation(input({ pathname: '/login' }))).toEqual({ type: 'load' });
  });

  it('stays on Login when loading fails', () => {
    expect(decideNavigation(input({ pathname: '/login' }), 'failed')).toEqual({ type: 'allow' });
  });

  it('goes to Top when loading succeeds', () => {
    expect(decideNavigation(input({ pathname: '/login', query: { x: '1' } }), 'succeeded')).toEqual({
      type: 'redirect',
      path: '/top',
      query: {},
    });
  });

  it('goes to InvoicePayment with the query kept when it carries invoice_id', () => {
    const query = { invoice_id: 'INV-1', other: 'y' };
    for (const state of [{ initialized: true }, { initialized: false }]) {
      const decision = decideNavigation(input({ pathname: '/login', query, ...state }), 'succeeded');
      expect(decision).toEqual({ type: 'redirect', path: '/invoicePayment', query });
    }
  });
});

describe('authenticated routes', () => {
  it.each(APP_ROUTES.map((r) => [r.path]))('%s loads the session when it is not initialized', (pathname) => {
    expect(decideNavigation(input({ pathname }))).toEqual({ type: 'load' });
  });

  it.each(APP_ROUTES.map((r) => [r.path]))(
    '%s goes to Login with only authError=true when loading fails',
    (pathname) => {
      const decision = decideNavigation(input({ pathname, query: { invoice_id: '9' } }), 'failed');
      expect(decision).toEqual(LOGIN_AUTH_ERROR);
    },
  );

  it.each([
    ['/merchant', '/merchant/'],
    ['/merchant/user', '/merchant/'],
    ['/merchant/rebateCoin', '/merchant/'],
    ['/merchantRebate', '/merchantRebate/'],
    ['/coupon', '/coupon/'],
  ])('on a qr. host %s goes to IntermediaryQr %s with the query kept when loading fails', (pathname, target) => {
    const query = { id: '42' };
    expect(decideNavigation(input({ pathname, hostname: HOSTS.qr, query }), 'failed')).toEqual({
      type: 'redirect',
      path: target,
      query,
    });
    // The app. host has no such rule.
    expect(decideNavigation(input({ pathname, hostname: HOSTS.app, query }), 'failed')).toEqual(LOGIN_AUTH_ERROR);
  });

  it.each(['/transaction', '/withdrawalInfoMerchant'])(
    'on a qr. host %s (no lower-case merchant or coupon) still goes to Login',
    (pathname) => {
      expect(decideNavigation(input({ pathname, hostname: HOSTS.qr }), 'failed')).toEqual(LOGIN_AUTH_ERROR);
    },
  );

  const expected: Record<string, readonly Role[]> = {
    '/payment/request': ['Owner', 'Manager'],
    '/urlPayment': ['Owner', 'Manager'],
    '/refund/request': ['Owner'],
    '/merchant/user': ['Owner'],
    // Issue 48: the 操作履歴 is the Owner's, like the staff list it is reached from.
    '/merchant/user/history': ['Owner'],
    '/merchant': ['Owner'],
    '/merchant/rebateCoin': ['Owner'],
    '/merchant/bankAccount': ['Owner'],
  };
  const cases = APP_ROUTES.flatMap((r) => ROLES.map((role) => [r.path, role] as const));
  it.each(cases)('%s as %s follows the role table of §6', (pathname, role) => {
    const allowed = (expected[pathname] ?? ROLES).includes(role);
    const decision = decideNavigation(input({ pathname, role, initialized: true }));
    expect(decision).toEqual(allowed ? { type: 'allow' } : { type: 'redirect', path: '/top', query: {} });
  });

  it('registers every authenticated path of §2 exactly once, and the additions of later issues', () => {
    const spec = [
      '/top',
      '/changePassword',
      '/changeEmail',
      '/reload',
      '/transaction',
      '/merchantRebate',
      '/refund',
      '/refund/request',
      '/payment/request',
      '/merchant/user',
      '/merchant',
      '/merchant/rebateCoin',
      '/merchant/bankAccount',
      '/qrcode',
      '/download',
      '/withdrawalInfo',
      '/withdrawalInfoMerchant',
      '/downloadUtilityBillsData',
      '/utilityBillsQrHistories',
      '/automaticPaymentHistory',
      '/urlPayment',
      '/coupon',
      '/invoicePayment',
      '/bookTicketUseHistory',
      '/subscriptions',
    ];
    // Issue 24: the user's second factors.
    // Issue 48: the Owner's 操作履歴, and every user's ログイン中の端末.
    const additions = ['/twoStep', '/merchant/user/history', '/devices'];
    expect(APP_ROUTES.map((r) => r.path).sort()).toEqual([...spec, ...additions].sort());
  });
});
