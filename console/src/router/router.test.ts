import { APP_ROUTES, PUBLIC_ROUTES, type Role } from '@coin/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SpecialView } from './guard';
import { PAGE_LOADERS } from './pages';
import { createAppRouter } from './router';
import { parseSearch, stringifySearch } from './search';

// The router runs as in a browser (it follows redirects itself) on a memory history; it only reads window.origin.
beforeAll(() => {
  vi.stubGlobal('window', { origin: 'http://localhost', addEventListener() {}, removeEventListener() {} });
});

interface Visit {
  url: string;
  hostname?: string;
  /** undefined: not signed in and the session cannot be loaded. */
  role?: Role;
  /** Signed in already (initialized) rather than loadable from storage. */
  initialized?: boolean;
}

async function visit({ url, hostname = 'localhost', role, initialized = false }: Visit) {
  let loaded = initialized;
  const initialize = vi.fn(async () => {
    if (!role) throw new Error('no credentials');
    loaded = true;
  });
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    hostname: () => hostname,
    isServer: false,
    session: { snapshot: () => ({ initialized: loaded, role: role ?? 'Member' }), initialize },
  });
  await router.load();
  const { location, matches } = router.state;
  const leaf = matches.at(-1);
  return {
    href: `${location.pathname}${location.searchStr}`,
    search: location.search as Record<string, unknown>,
    special: (matches[0]?.context as { special?: SpecialView | null } | undefined)?.special ?? null,
    routeName: leaf?.staticData.routeName,
    layout: matches[1]?.routeId,
    initialize,
  };
}

describe('router: the contract guard wired into beforeLoad', () => {
  it.each<Visit & { expected: string }>([
    { url: '/', role: 'Owner', expected: '/top' },
    { url: '/', expected: '/login?authError=true' },
    { url: '/top', expected: '/login?authError=true' },
    { url: '/top?x=1', role: 'Member', expected: '/top?x=1' },
    { url: '/refund/request', role: 'Manager', expected: '/top' },
    { url: '/urlPayment', role: 'Manager_NoPayment', expected: '/top' },
    { url: '/urlPayment', role: 'Manager', expected: '/urlPayment' },
    { url: '/merchant', role: 'Owner', expected: '/merchant' },
    { url: '/merchant', role: 'Member', expected: '/top' },
    { url: '/login', expected: '/login' },
    { url: '/login', role: 'Member', expected: '/top' },
    { url: '/login?invoice_id=42', role: 'Member', expected: '/invoicePayment?invoice_id=42' },
    { url: '/login?authError=true', role: 'Owner', expected: '/login?authError=true' },
    { url: '/forget', expected: '/forget' },
    { url: '/merchant/user', hostname: 'qr.example.jp', expected: '/merchant/?' },
    { url: '/merchant/user?a=1', hostname: 'qr.example.jp', expected: '/merchant/?a=1' },
    { url: '/coupon?c=9', hostname: 'qr.example.jp', expected: '/coupon/?c=9' },
    { url: '/top', hostname: 'qr.example.jp', expected: '/login?authError=true' },
    { url: '/ekyc/?t=1', hostname: 'app.example.jp', expected: '/intermediaryReturnApp/ekyc/?t=1' },
  ])('$url (host $hostname, role $role) → $expected', async ({ expected, ...input }) => {
    const result = await visit(input);
    expect(result.href).toBe(expected.replace(/\?$/, ''));
  });

  it('keeps query parameters as plain strings', async () => {
    const result = await visit({ url: '/login?authError=true&invoice_id=007' });
    expect(result.search).toEqual({ authError: 'true', invoice_id: '007' });
  });

  it('does not load the session on Login with authError', async () => {
    const result = await visit({ url: '/login?authError=true' });
    expect(result.initialize).not.toHaveBeenCalled();
    expect(result.special).toBeNull();
    expect(result.routeName).toBe('Login');
  });

  it('keeps the trailing slash: /merchant/ is the QR intermediary, /merchant the Owner page', async () => {
    expect((await visit({ url: '/merchant/', hostname: 'qr.example.jp' })).special).toEqual({
      page: 'Intermediary',
      action: 'merchant',
    });
    expect((await visit({ url: '/merchant/', hostname: 'localhost' })).special).toEqual({ page: 'NotFound' });
    const owner = await visit({ url: '/merchant', role: 'Owner' });
    expect(owner.special).toBeNull();
    expect(owner.routeName).toBe('Merchant');
    expect(owner.href).toBe('/merchant');
  });

  it.each([
    { url: '/start/', hostname: 'app.example.jp', page: 'Intermediary', action: 'start' },
    { url: '/return_gift/tds2/', hostname: 'qr.example.jp', page: 'Intermediary', action: 'return_gift/tds2' },
    { url: '/rally/top/', hostname: 'app.example.jp', page: 'Intermediary', action: 'rally/top' },
    {
      url: '/intermediaryReturnApp/dcp/idlink/',
      hostname: 'qr.example.jp',
      page: 'IntermediaryReturnApp',
      action: 'dcp/idlink',
    },
    { url: '/start/', hostname: 'localhost', page: 'NotFound' },
    { url: '/no/such/page', hostname: 'localhost', page: 'NotFound' },
    { url: '/top/', hostname: 'localhost', page: 'NotFound' },
  ])('$url on $hostname renders $page', async ({ url, hostname, page, action }) => {
    const result = await visit({ url, hostname });
    expect(result.special).toEqual(action ? { page, action } : { page });
    expect(result.href).toBe(url);
  });

  it('serves the trailing-slash twins of the loading page', async () => {
    for (const url of ['/account_transfer', '/account_transfer/', '/bankpay/']) {
      const result = await visit({ url });
      expect(result.special).toBeNull();
      expect(result.routeName).toBe('Loading');
      expect(result.href).toBe(url);
    }
  });

  it('puts app routes under the signed-in layout and public routes under the signed-out one', async () => {
    expect((await visit({ url: '/transaction', role: 'Member' })).layout).toBe('/signedIn');
    expect((await visit({ url: '/mu/invitations' })).layout).toBe('/signedOut');
  });
});

describe('route → page map', () => {
  it('maps every route of the contract tables to a page', () => {
    for (const route of [...APP_ROUTES, ...PUBLIC_ROUTES]) {
      expect(PAGE_LOADERS[route.name], route.name).toBeTypeOf('function');
    }
  });
});

describe('search serialisation', () => {
  it('round-trips plain strings', () => {
    const query = { authError: 'true', invoice_id: '007', q: 'a b&c' };
    expect(parseSearch(stringifySearch(query))).toEqual(query);
    expect(stringifySearch({})).toBe('');
    expect(stringifySearch({ a: undefined })).toBe('');
  });
});
