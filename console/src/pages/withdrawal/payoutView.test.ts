import { DEFAULT_PAGE_SIZE, type GroupPayoutTotal, type MaskedAccount, type NextPayout } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import {
  accountLine,
  dayParts,
  groupTotalsRow,
  type PayoutSkip,
  payoutAlert,
  payoutsQueryOf,
  periodParts,
  transactionSearchOf,
} from './payoutView';

const account: MaskedAccount = {
  bank_name: 'ぐんま銀行',
  branch_name: '本店営業部',
  account_type_label: '普通',
  number_masked: '****1234',
};

const next = (withAccount: boolean): NextPayout => ({
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  payout_date: '2026-12-10',
  expected_gross: 120_000,
  expected_net: 117_180,
  account: withAccount ? account : null,
  account_held_until: null,
});

const skip = (periodEnd: string): PayoutSkip => ({
  period_end: periodEnd,
  reason: '振込先口座が登録されていません',
  created_at: `${periodEnd}T16:00:00.000Z`,
});

describe('dayParts', () => {
  it('shows a calendar day with its Japanese weekday', () => {
    expect(dayParts('2026-12-10')).toEqual({ date: '2026/12/10', weekday: '木' });
    expect(dayParts('2027-01-04')).toEqual({ date: '2027/01/04', weekday: '月' });
    expect(dayParts('2026-11-01')).toEqual({ date: '2026/11/01', weekday: '日' });
  });
});

describe('periodParts', () => {
  it('shows both ends of the closing period with slashes', () => {
    expect(periodParts({ period_start: '2026-11-01', period_end: '2026-11-30' })).toEqual({
      from: '2026/11/01',
      to: '2026/11/30',
    });
  });
});

describe('accountLine', () => {
  it('puts bank, branch, type and masked number on one line', () => {
    expect(accountLine(account)).toBe('ぐんま銀行 本店営業部 普通 ****1234');
  });

  it('leaves out empty parts instead of doubling the spaces', () => {
    expect(accountLine({ ...account, branch_name: ' ' })).toBe('ぐんま銀行 普通 ****1234');
  });
});

describe('payoutAlert', () => {
  it('says nothing when the next closing has an account and nothing was passed over', () => {
    expect(payoutAlert({ next: next(true), skipped: [] })).toBeNull();
    expect(payoutAlert({ next: null, skipped: [] })).toBeNull();
  });

  it('warns when the next closing has no account', () => {
    expect(payoutAlert({ next: next(false), skipped: [] })).toEqual({
      missingAccount: true,
      skipped: [],
      moreSkipped: 0,
    });
  });

  it('lists the closings passed over, even once an account is registered', () => {
    const skipped = [skip('2026-10-31')];
    expect(payoutAlert({ next: next(true), skipped })).toEqual({ missingAccount: false, skipped, moreSkipped: 0 });
    expect(payoutAlert({ next: null, skipped })).toEqual({ missingAccount: false, skipped, moreSkipped: 0 });
  });

  it('lists at most the limit, newest first as given, and counts the rest', () => {
    const skipped = ['2026-10-31', '2026-09-30', '2026-08-31', '2026-07-31'].map(skip);
    const alert = payoutAlert({ next: next(false), skipped }, 3);
    expect(alert?.missingAccount).toBe(true);
    expect(alert?.skipped.map((s) => s.period_end)).toEqual(['2026-10-31', '2026-09-30', '2026-08-31']);
    expect(alert?.moreSkipped).toBe(1);
  });
});

describe('groupTotalsRow', () => {
  const total = (id: number, count: number, gross: number, fee: number, transfer: number): GroupPayoutTotal => ({
    merchant_id: id,
    merchant_name: `加盟店${id}`,
    count,
    gross_amount: gross,
    fee,
    transfer_fee: transfer,
    net_amount: gross - fee - transfer,
  });

  it('adds up every merchant of the group', () => {
    expect(groupTotalsRow([total(1, 2, 100_000, 1_000, 440), total(2, 1, 30_000, 300, 220)])).toEqual({
      count: 3,
      gross_amount: 130_000,
      fee: 1_300,
      transfer_fee: 660,
      net_amount: 128_040,
    });
  });

  it('is all zeros for no merchant', () => {
    expect(groupTotalsRow([])).toEqual({ count: 0, gross_amount: 0, fee: 0, transfer_fee: 0, net_amount: 0 });
  });
});

describe('transactionSearchOf', () => {
  it('finds the ledger transaction by id on the Tokyo day it was posted', () => {
    expect(transactionSearchOf({ transaction_id: 812, posted_at: '2026-11-30T16:30:00.000Z' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      id: '812',
    });
    expect(transactionSearchOf({ transaction_id: 9, posted_at: '2026-12-15T08:00:00.000Z' })).toEqual({
      from: '2026-12-15',
      to: '2026-12-15',
      id: '9',
    });
  });
});

describe('payoutsQueryOf', () => {
  it('asks for one page of the closings that ended in the period', () => {
    expect(payoutsQueryOf({ from: '2026-11-01', to: '2026-11-30', page: 3 })).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      limit: DEFAULT_PAGE_SIZE,
      offset: 3,
    });
  });
});
