import { COUPON_STATUSES } from '@coin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPageStrings, t } from '@/i18n';
import type { CouponDraft } from './couponForm';
import {
  COUPON_STATUS_COLORS,
  canStopCoupon,
  couponCardText,
  couponStatusKey,
  discountLabel,
  minPurchaseLabel,
  periodShowing,
  stockLabel,
  validityLabel,
} from './couponLabels';

beforeAll(() => loadPageStrings());

describe('coupon labels', () => {
  it('words a discount for the list and for the customer card', () => {
    expect(discountLabel(t, { discount_type: 'AMOUNT', discount_value: 1500 })).toBe('1,500円引き');
    expect(discountLabel(t, { discount_type: 'RATE', discount_value: 10 })).toBe('10%引き');
    expect(discountLabel(t, { discount_type: 'AMOUNT', discount_value: 300 }, 'card')).toBe('300円引き');
    expect(discountLabel(t, { discount_type: 'RATE', discount_value: 10 }, 'card')).toBe('10%OFF');
  });

  it('words the period, the minimum purchase and the stock', () => {
    expect(validityLabel(t, '2026-12-01', '2026-12-31')).toBe('2026/12/01〜2026/12/31');
    expect(minPurchaseLabel(t, 0)).toBe('なし');
    expect(minPurchaseLabel(t, 1000)).toBe('1,000円');
    expect(stockLabel(t, { stock: null, use_count: 12 })).toBe('上限なし');
    expect(stockLabel(t, { stock: 1000, use_count: 12 })).toBe('12 / 1,000');
  });

  it('labels and colours every status, and stops only a coupon not yet over', () => {
    expect(COUPON_STATUSES.map((status) => t(couponStatusKey(status)))).toEqual(['予定', '配布中', '終了', '停止']);
    for (const status of COUPON_STATUSES) expect(COUPON_STATUS_COLORS[status], status).toBeTruthy();
    expect(COUPON_STATUSES.filter((status) => canStopCoupon({ status }))).toEqual(['SCHEDULED', 'ACTIVE']);
  });
});

describe('couponCardText', () => {
  const draft: CouponDraft = {
    name: '冬のコーヒー割',
    discount: { discount_type: 'AMOUNT', discount_value: 300 },
    minPurchase: 1000,
    stock: 100,
    startsOn: '2026-12-01',
    endsOn: '2026-12-31',
  };

  it('shows the coupon as the customer sees it', () => {
    expect(couponCardText(t, 'めぶくカフェ 本店', draft)).toEqual({
      merchant: 'めぶくカフェ 本店',
      name: '冬のコーヒー割',
      named: true,
      discount: '300円引き',
      condition: '1,000円以上のお買い上げで利用できます',
      validity: '有効期間 2026/12/01〜2026/12/31',
      stock: '残り100枚',
    });
  });

  it('says so when there is no minimum and no limit, and leaves out what is not filled in yet', () => {
    expect(
      couponCardText(t, '本店', {
        ...draft,
        name: null,
        discount: { discount_type: 'RATE', discount_value: 10 },
        minPurchase: 0,
        stock: null,
        endsOn: null,
      }),
    ).toEqual({
      merchant: '本店',
      name: 'クーポン名',
      named: false,
      discount: '10%OFF',
      condition: 'お買い上げ金額にかかわらず利用できます',
      validity: null,
      stock: '枚数制限なし',
    });
    expect(couponCardText(t, '本店', { ...draft, discount: null, minPurchase: null, stock: undefined })).toMatchObject({
      discount: null,
      condition: null,
      stock: null,
    });
  });

  it('shows no validity for a period that ends before it starts', () => {
    expect(couponCardText(t, '本店', { ...draft, endsOn: '2026-11-30' }).validity).toBeNull();
  });
});

describe('periodShowing', () => {
  const period = { from: '2026-12-01', to: '2026-12-10' };

  it('leaves a period that already shows the coupon', () => {
    expect(periodShowing(period, { starts_on: '2026-12-10', ends_on: '2027-01-10' })).toBeNull();
    expect(periodShowing(period, { starts_on: '2026-11-01', ends_on: '2026-12-01' })).toBeNull();
  });

  it('widens the period to the first day of a coupon outside it', () => {
    expect(periodShowing(period, { starts_on: '2027-01-05', ends_on: '2027-01-31' })).toEqual({
      from: '2026-12-01',
      to: '2027-01-05',
    });
    expect(periodShowing(period, { starts_on: '2026-11-01', ends_on: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-12-10',
    });
  });
});
