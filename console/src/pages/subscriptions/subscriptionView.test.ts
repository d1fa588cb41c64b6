import { SUBSCRIPTION_CYCLES, SUBSCRIPTION_STATUSES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { jpPages } from '@/i18n/jpPages';
import {
  monthsOfPeriod,
  revenueRows,
  revenueTotal,
  SUBSCRIPTION_STATUS_COLORS,
  subscriptionCycleKey,
  subscriptionMerchantNames,
  subscriptionStatusKey,
  subscriptionsQueryOf,
} from './subscriptionView';

/** The catalogue's text at a dotted key, or undefined. */
const textAt = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], jpPages);

describe('subscription labels', () => {
  it.each([
    ['ACTIVE', '有効'],
    ['STOPPED', '停止'],
    ['PAYMENT_FAILED', '支払失敗'],
  ] as const)('labels the status %s as %s', (status, label) => {
    expect(textAt(subscriptionStatusKey(status))).toBe(label);
  });

  it.each([
    ['MONTHLY', '毎月'],
    ['YEARLY', '毎年'],
  ] as const)('labels the cycle %s as %s', (cycle, label) => {
    expect(textAt(subscriptionCycleKey(cycle))).toBe(label);
  });

  it('has a label and a colour for every status and cycle of the contract', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      expect(typeof textAt(subscriptionStatusKey(status)), status).toBe('string');
      expect(SUBSCRIPTION_STATUS_COLORS[status], status).toBeTruthy();
    }
    for (const cycle of SUBSCRIPTION_CYCLES) expect(typeof textAt(subscriptionCycleKey(cycle)), cycle).toBe('string');
  });
});

describe('subscriptionsQueryOf', () => {
  it('asks for the period, the page and the status when one is chosen', () => {
    expect(subscriptionsQueryOf({ from: '2026-09-01', to: '2026-11-30', page: 3 }, 'STOPPED')).toEqual({
      start_date: '2026-09-01',
      end_date: '2026-11-30',
      status: 'STOPPED',
      limit: 20,
      offset: 3,
    });
  });

  it('leaves the status out when every status is shown', () => {
    expect(subscriptionsQueryOf({ from: '2026-11-01', to: '2026-11-30', page: 1 }, undefined)).not.toHaveProperty(
      'status',
    );
  });
});

describe('monthsOfPeriod', () => {
  it('lists every month the period touches, across a year end', () => {
    expect(monthsOfPeriod('2025-11-15', '2026-02-03')).toEqual(['202511', '202512', '202601', '202602']);
  });

  it('is one month for a period inside it', () => {
    expect(monthsOfPeriod('2026-11-01', '2026-11-30')).toEqual(['202611']);
  });
});

describe('revenueRows', () => {
  const period = { from: '2026-09-01', to: '2026-11-30' };

  it('shows every month of the period, oldest first, with 0 where nothing was charged', () => {
    const rows = revenueRows(
      [
        { month: '202611', amount: 3000, count: 3 },
        { month: '202609', amount: 1000, count: 1 },
      ],
      period,
    );
    expect(rows).toEqual([
      { month: '202609', amount: 1000, count: 1 },
      { month: '202610', amount: 0, count: 0 },
      { month: '202611', amount: 3000, count: 3 },
    ]);
  });

  it('keeps a month answered outside the period, in order', () => {
    expect(revenueRows([{ month: '202608', amount: 500, count: 1 }], period).map((row) => row.month)).toEqual([
      '202608',
      '202609',
      '202610',
      '202611',
    ]);
  });

  it('shows only the answered months while the answer is the previous period’s', () => {
    expect(revenueRows([{ month: '202605', amount: 500, count: 1 }], null)).toEqual([
      { month: '202605', amount: 500, count: 1 },
    ]);
  });

  it('adds the months up in the total row', () => {
    expect(
      revenueTotal([
        { month: '202609', amount: 1000, count: 1 },
        { month: '202610', amount: 0, count: 0 },
        { month: '202611', amount: 3000, count: 3 },
      ]),
    ).toEqual({ amount: 4000, count: 4 });
    expect(revenueTotal([])).toEqual({ amount: 0, count: 0 });
  });
});

describe('subscriptionMerchantNames', () => {
  const merchants = [
    { merchant_id: 1, name: 'めぶくカフェ 本店', allow_subscription: true },
    { merchant_id: 2, name: 'めぶくカフェ 駅前店', allow_subscription: false },
    { merchant_id: 3, name: 'まちのパン屋', allow_subscription: false },
  ];

  it('names the other merchants that have subscriptions', () => {
    expect(subscriptionMerchantNames(merchants, 2)).toEqual(['めぶくカフェ 本店']);
  });

  it('never names the selected merchant, and is empty when no other has them', () => {
    expect(subscriptionMerchantNames(merchants, 1)).toEqual([]);
  });
});
