import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_PAYMENT_RESULTS,
  COUPON_STATUSES,
  PAYOUT_STATUSES,
  REFUND_APPLICATION_STATUSES,
  SUBSCRIPTION_STATUSES,
  TRANSACTION_TYPES,
  UTILITY_BILL_CATEGORIES,
  UTILITY_BILL_STATUSES,
} from './constants';
import {
  AUTOMATIC_PAYMENT_RESULT_LABELS,
  COUPON_STATUS_LABELS,
  HISTORY_COLUMN_LABELS,
  HISTORY_CSV_HEADER,
  PAYOUT_STATUS_LABELS,
  REFUND_STATUS_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  UTILITY_BILL_CATEGORY_LABELS,
  UTILITY_BILL_STATUS_LABELS,
} from './labels';

describe('labels', () => {
  it('names every transaction type, each differently, and nothing else', () => {
    expect(Object.keys(TRANSACTION_TYPE_LABELS).sort()).toEqual([...TRANSACTION_TYPES].sort());
    const labels = Object.values(TRANSACTION_TYPE_LABELS);
    expect(labels.every((label) => label.trim() !== '')).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("reads a customer's payment as the merchant's 売上", () => {
    expect(TRANSACTION_TYPE_LABELS.PAYMENT).toBe('売上');
    expect(TRANSACTION_TYPE_LABELS.REFUND).toBe('返金');
  });

  it('names every refund application status, each differently, and nothing else', () => {
    expect(Object.keys(REFUND_STATUS_LABELS).sort()).toEqual([...REFUND_APPLICATION_STATUSES].sort());
    const labels = Object.values(REFUND_STATUS_LABELS);
    expect(labels.every((label) => label.trim() !== '')).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each([
    ['payout statuses', PAYOUT_STATUSES, PAYOUT_STATUS_LABELS],
    ['utility bill categories', UTILITY_BILL_CATEGORIES, UTILITY_BILL_CATEGORY_LABELS],
    ['utility bill statuses', UTILITY_BILL_STATUSES, UTILITY_BILL_STATUS_LABELS],
    ['coupon statuses', COUPON_STATUSES, COUPON_STATUS_LABELS],
    ['subscription statuses', SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS],
    ['automatic payment results', AUTOMATIC_PAYMENT_RESULTS, AUTOMATIC_PAYMENT_RESULT_LABELS],
  ] as const)('names every one of the %s, each differently', (_, values, labels: Readonly<Record<string, string>>) => {
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
    const texts = Object.values(labels);
    expect(texts.every((text) => text.trim() !== '')).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('heads the history CSV with the list’s column names, the transaction id first', () => {
    expect(HISTORY_CSV_HEADER).toEqual([
      '取引ID',
      '日時',
      '種別',
      'コイン',
      '金額',
      '取引後残高',
      '相手先',
      'コメント',
    ]);
    const names = new Set<string>(Object.values(HISTORY_COLUMN_LABELS));
    expect(HISTORY_CSV_HEADER.every((name) => names.has(name))).toBe(true);
  });
});
