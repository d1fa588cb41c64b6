import type { Coupon, CouponStatus } from '@coin/contract';
import { formatCoin } from '@/format';
import type { TFunction } from '@/i18n';
import type { CouponDraft } from './couponForm';

type Discount = Pick<Coupon, 'discount_type' | 'discount_value'>;

const slashed = (day: string) => day.replaceAll('-', '/');

/** Badge colours by coupon status. */
export const COUPON_STATUS_COLORS: Readonly<Record<CouponStatus, string>> = {
  SCHEDULED: 'blue',
  ACTIVE: 'teal',
  ENDED: 'gray',
  STOPPED: 'red',
};

/** Catalogue key of a status label (予定 / 配布中 / 終了 / 停止). */
export const couponStatusKey = (status: CouponStatus) => `coupon.statuses.${status}` as const;

/** Only a coupon not yet over can be stopped (the server answers 409 for a stopped one). */
export const canStopCoupon = (coupon: Pick<Coupon, 'status'>): boolean =>
  coupon.status === 'SCHEDULED' || coupon.status === 'ACTIVE';

/**
 * The discount in words: 「300円引き」 / 「10%引き」 in the list, 「300円引き」 / 「10%OFF」 on the
 * customer's coupon card.
 */
export function discountLabel(t: TFunction, discount: Discount, on: 'list' | 'card' = 'list'): string {
  if (discount.discount_type === 'AMOUNT')
    return t('coupon.discount.amount', { amount: formatCoin(discount.discount_value) });
  return on === 'card'
    ? t('coupon.card.rate', { rate: discount.discount_value })
    : t('coupon.discount.rate', { rate: discount.discount_value });
}

/** The days a coupon is valid: 「2026/12/01〜2026/12/31」. */
export const validityLabel = (t: TFunction, startsOn: string, endsOn: string): string =>
  t('coupon.period', { from: slashed(startsOn), to: slashed(endsOn) });

/** The list's minimum purchase: 「1,000円」, or 「なし」. */
export const minPurchaseLabel = (t: TFunction, minPurchase: number): string =>
  minPurchase > 0 ? t('coupon.list.yen', { amount: formatCoin(minPurchase) }) : t('coupon.list.noMinimum');

/** The list's stock: uses of the stock (「12 / 100」), or 「上限なし」. */
export const stockLabel = (t: TFunction, coupon: Pick<Coupon, 'stock' | 'use_count'>): string =>
  coupon.stock === null
    ? t('coupon.list.unlimited')
    : t('coupon.list.stockUsed', { used: formatCoin(coupon.use_count), stock: formatCoin(coupon.stock) });

/** The lines of the customer's coupon card, from a form being filled in (null: that line is not shown). */
export interface CouponCardText {
  merchant: string;
  name: string;
  /** False while the name is the placeholder. */
  named: boolean;
  discount: string | null;
  condition: string | null;
  validity: string | null;
  stock: string | null;
}

export function couponCardText(t: TFunction, merchantName: string, draft: CouponDraft): CouponCardText {
  let condition: string | null = null;
  if (draft.minPurchase !== null) {
    condition =
      draft.minPurchase > 0
        ? t('coupon.card.minPurchase', { amount: formatCoin(draft.minPurchase) })
        : t('coupon.card.anyPurchase');
  }
  let stock: string | null = null;
  if (draft.stock === null) stock = t('coupon.card.unlimited');
  else if (draft.stock !== undefined) stock = t('coupon.card.remaining', { left: formatCoin(draft.stock) });
  return {
    merchant: merchantName,
    name: draft.name ?? t('coupon.card.namePlaceholder'),
    named: draft.name !== null,
    discount: draft.discount ? discountLabel(t, draft.discount, 'card') : null,
    condition,
    validity:
      draft.startsOn && draft.endsOn && draft.startsOn <= draft.endsOn
        ? t('coupon.card.validity', { period: validityLabel(t, draft.startsOn, draft.endsOn) })
        : null,
    stock,
  };
}

/**
 * The list shows coupons valid on some day of its period (by default this month up to today): a new
 * coupon that starts later is brought into view by widening the period to its first day (the shared
 * rule of router/search.ts); null when it already shows.
 */
export { periodShowing } from '@/router/search';
