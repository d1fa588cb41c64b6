import { readFileSync } from 'node:fs';
import {
  APP_ROUTES,
  AUTOMATIC_PAYMENT_RESULT_LABELS,
  COUPON_STATUS_LABELS,
  HISTORY_COLUMN_LABELS,
  PAYOUT_STATUS_LABELS,
  PUBLIC_ROUTES,
  REFUND_APPLICATION_STATUSES,
  REFUND_STATUS_LABELS,
  ROLES,
  type SpecialPage,
  SUBSCRIPTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
  UTILITY_BILL_CATEGORY_LABELS,
  UTILITY_BILL_STATUS_LABELS,
} from '@coin/contract';
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
  'pages/login/SecondStep.tsx',
  'components/PublicFrame.tsx',
  'components/RouteStates.tsx',
  'components/usePageTitle.ts',
  'app/ConfigErrorScreen.tsx',
];
const ERROR_KEYS: Record<ErrorKey, true> = {
  noMerchantRoles: true,
  authError: true,
  sessionTimedOut: true,
  network: true,
  timeout: true,
  invalidCredentials: true,
  rateLimited: true,
  accountLocked: true,
  forbidden: true,
  stepUpRequired: true,
  twoStepEnrolmentRequired: true,
  passkeyUnsupported: true,
  passkeyCancelled: true,
  passkeyAlreadyRegistered: true,
  passkeyFailed: true,
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
    for (const name of [...APP_ROUTES, ...PUBLIC_ROUTES].map((route): string => route.name).concat(special)) {
      expect(pageTitleKey(name)).toBe(`pages.${name}`);
      expect(all.has(`pages.${name}`), name).toBe(true);
    }
    expect(pageTitleKey('NoSuchPage')).toBe('pages.NotFound');
    for (const role of ROLES) expect(all.has(roleKey(role)), role).toBe(true);
  });

  it('takes the labels and the history column names from the contract, one label for each value', () => {
    for (const type of TRANSACTION_TYPES) expect(jpPages.transactionTypes[type]).toBe(TRANSACTION_TYPE_LABELS[type]);
    for (const status of REFUND_APPLICATION_STATUSES) {
      expect(jpPages.refundStatus[status]).toBe(REFUND_STATUS_LABELS[status]);
    }
    for (const [key, name] of Object.entries(HISTORY_COLUMN_LABELS)) {
      expect(jpPages.fields[key as keyof typeof HISTORY_COLUMN_LABELS]).toBe(name);
    }
    // The statuses the other lists show and their CSV files write.
    expect(jpPages.withdrawal.statuses).toEqual(PAYOUT_STATUS_LABELS);
    expect(jpPages.utilityBills.categories).toEqual(UTILITY_BILL_CATEGORY_LABELS);
    expect(jpPages.utilityBills.statuses).toEqual(UTILITY_BILL_STATUS_LABELS);
    expect(jpPages.coupon.statuses).toEqual(COUPON_STATUS_LABELS);
    expect(jpPages.subscriptions.statuses).toEqual(SUBSCRIPTION_STATUS_LABELS);
    expect(jpPages.automaticPayments.results).toEqual(AUTOMATIC_PAYMENT_RESULT_LABELS);
  });
});
