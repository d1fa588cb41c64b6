import { readFileSync } from 'node:fs';
import { APP_ROUTES, PUBLIC_ROUTES, ROLES, type SpecialPage } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import type { ErrorKey } from '@/api/errors';
import { jp } from './jp';
import { jpPages } from './jpPages';
import { pageTitleKey, roleKey } from './keys';

type Tree = { readonly [key: string]: string | Tree };

/** Every dotted key of a catalogue part. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** What the first paint renders: it has only the catalogue's first part (jp.ts). */
const FIRST_PAINT_SOURCES = [
  'pages/login/LoginPage.tsx',
  'components/PublicFrame.tsx',
  'components/RouteStates.tsx',
  'components/usePageTitle.ts',
  'app/ConfigErrorScreen.tsx',
];
const ERROR_KEYS: Record<ErrorKey, true> = {
  noMerchantRoles: true,
  authError: true,
  network: true,
  timeout: true,
  invalidCredentials: true,
  rateLimited: true,
  accountLocked: true,
  forbidden: true,
  notFound: true,
  invalidRequest: true,
  noCredentials: true,
  unexpected: true,
};

describe('the jp catalogue in two parts', () => {
  const firstPaint = new Set(keysOf(jp));

  it('has no key in both parts', () => {
    expect(keysOf(jpPages).filter((key) => firstPaint.has(key))).toEqual([]);
  });

  it.each(FIRST_PAINT_SOURCES)('%s uses only keys of the first part', (source) => {
    const text = readFileSync(new URL(`../${source}`, import.meta.url), 'utf8');
    const used = [...text.matchAll(/\bt\('([\w.]+)'/g)].map(([, key]) => key);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((key) => !firstPaint.has(key as string))).toEqual([]);
  });

  it('has every error message the Login page can show in the first part', () => {
    for (const key of Object.keys(ERROR_KEYS)) expect(firstPaint.has(`errors.${key}`), key).toBe(true);
  });

  it('titles every page of the route tables and every special page', () => {
    const all = new Set([...firstPaint, ...keysOf(jpPages)]);
    const special: SpecialPage[] = ['NotFound', 'Intermediary', 'IntermediaryReturnApp'];
    for (const name of [...APP_ROUTES, ...PUBLIC_ROUTES].map((route) => route.name).concat(special)) {
      expect(pageTitleKey(name)).toBe(`pages.${name}`);
      expect(all.has(`pages.${name}`), name).toBe(true);
    }
    expect(pageTitleKey('NoSuchPage')).toBe('pages.NotFound');
    for (const role of ROLES) expect(all.has(roleKey(role)), role).toBe(true);
  });
});
