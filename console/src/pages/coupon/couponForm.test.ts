import { COUPON_MAX_RATE_PERCENT, COUPON_NAME_MAX, MAX_PAYMENT_AMOUNT } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import {
  COUPON_STOCK_MAX,
  type CouponFormValues,
  checkCouponForm,
  couponDraft,
  couponFieldOf,
  emptyCouponForm,
  endsOnProblem,
  parseMinPurchase,
  parseStock,
  startsOnProblem,
} from './couponForm';

// 2026-11-30 16:00 UTC is 2026-12-01 01:00 in Tokyo.
const NOW = new Date('2026-11-30T16:00:00Z');

const valid: CouponFormValues = {
  name: '  冬のコーヒー割  ',
  discountType: 'AMOUNT',
  discountValue: '３００',
  minPurchase: '1,000',
  stock: '',
  startsOn: '2026-12-01',
  endsOn: '2026-12-31',
};

describe('emptyCouponForm', () => {
  it('offers an amount off from today (Tokyo) for 30 days', () => {
    expect(emptyCouponForm(NOW)).toEqual({
      name: '',
      discountType: 'AMOUNT',
      discountValue: '',
      minPurchase: '',
      stock: '',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
    });
  });
});

describe('checkCouponForm', () => {
  it('builds the create body: trimmed name, numbers read from full-width and separated text, no stock limit', () => {
    expect(checkCouponForm(valid, NOW)).toEqual({
      body: {
        name: '冬のコーヒー割',
        discount_type: 'AMOUNT',
        discount_value: 300,
        min_purchase: 1000,
        stock: null,
        starts_on: '2026-12-01',
        ends_on: '2026-12-31',
      },
    });
  });

  it('reads a rate, no minimum and a stock', () => {
    expect(
      checkCouponForm({ ...valid, discountType: 'RATE', discountValue: '10', minPurchase: '', stock: '１００' }, NOW),
    ).toEqual({
      body: expect.objectContaining({ discount_type: 'RATE', discount_value: 10, min_purchase: 0, stock: 100 }),
    });
  });

  it('names every field with a problem', () => {
    expect(
      checkCouponForm(
        {
          ...valid,
          name: ' ',
          discountValue: '',
          minPurchase: 'abc',
          stock: '0',
          startsOn: '2026-11-30',
          endsOn: null,
        },
        NOW,
      ),
    ).toEqual({
      problems: {
        name: 'required',
        discountValue: 'required',
        minPurchase: 'invalid',
        stock: 'positive',
        startsOn: 'past',
        endsOn: 'required',
      },
    });
  });

  it('keeps the name within the maximum', () => {
    expect(checkCouponForm({ ...valid, name: 'あ'.repeat(COUPON_NAME_MAX) }, NOW)).toHaveProperty('body');
    expect(checkCouponForm({ ...valid, name: 'あ'.repeat(COUPON_NAME_MAX + 1) }, NOW)).toEqual({
      problems: { name: 'tooLong' },
    });
  });

  it.each([
    ['RATE', '1', null],
    ['RATE', String(COUPON_MAX_RATE_PERCENT), null],
    ['RATE', String(COUPON_MAX_RATE_PERCENT + 1), 'max'],
    ['RATE', '0', 'positive'],
    ['RATE', '10.5', 'invalid'],
    ['AMOUNT', String(MAX_PAYMENT_AMOUNT), null],
    ['AMOUNT', String(MAX_PAYMENT_AMOUNT + 1), 'max'],
  ] as const)('checks a %s discount of %j', (discountType, discountValue, problem) => {
    const checked = checkCouponForm({ ...valid, discountType, discountValue }, NOW);
    if (problem === null) expect(checked).toHaveProperty('body');
    else expect(checked).toEqual({ problems: { discountValue: problem } });
  });
});

describe('numbers that may be left empty', () => {
  it.each([
    ['', { ok: true, value: 0 }],
    ['0', { ok: true, value: 0 }],
    ['０', { ok: true, value: 0 }],
    ['1,500', { ok: true, value: 1500 }],
    ['-5', { ok: false, problem: 'invalid' }],
    [String(MAX_PAYMENT_AMOUNT + 1), { ok: false, problem: 'max' }],
  ])('reads the minimum purchase %j', (typed, expected) => {
    expect(parseMinPurchase(typed)).toEqual(expected);
  });

  it.each([
    ['', { ok: true, value: null }],
    ['50', { ok: true, value: 50 }],
    ['0', { ok: false, problem: 'positive' }],
    ['1.5', { ok: false, problem: 'invalid' }],
    [String(COUPON_STOCK_MAX + 1), { ok: false, problem: 'max' }],
  ])('reads the stock %j', (typed, expected) => {
    expect(parseStock(typed)).toEqual(expected);
  });
});

describe('days', () => {
  it.each([
    [null, 'required'],
    ['2026-02-30', 'invalid'],
    ['2026-11-30', 'past'],
    ['2026-12-01', null],
  ] as const)('first day %j → %j', (day, problem) => {
    expect(startsOnProblem(day, NOW)).toBe(problem);
  });

  it.each([
    [null, 'required'],
    ['2026-13-01', 'invalid'],
    ['2026-12-09', 'beforeStart'],
    ['2026-12-10', null],
  ] as const)('last day %j after a first day of 2026-12-10 → %j', (day, problem) => {
    expect(endsOnProblem(day, '2026-12-10')).toBe(problem);
  });
});

describe('couponFieldOf', () => {
  it('maps the fields a 400 answer names to the form, and nothing else', () => {
    expect(couponFieldOf('ends_on')).toBe('endsOn');
    expect(couponFieldOf('discount_value')).toBe('discountValue');
    expect(couponFieldOf('body')).toBeUndefined();
    expect(couponFieldOf('toString')).toBeUndefined();
  });
});

describe('couponDraft', () => {
  it('shows what reads, and leaves out what does not yet', () => {
    expect(couponDraft(valid)).toEqual({
      name: '冬のコーヒー割',
      discount: { discount_type: 'AMOUNT', discount_value: 300 },
      minPurchase: 1000,
      stock: null,
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
    });
    expect(
      couponDraft({ ...valid, name: '', discountType: 'RATE', discountValue: '95', stock: 'x', endsOn: null }),
    ).toEqual({
      name: null,
      discount: null,
      minPurchase: 1000,
      stock: undefined,
      startsOn: '2026-12-01',
      endsOn: null,
    });
  });
});
