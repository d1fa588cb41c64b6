import { COUPON_STATUSES } from '@coin/contract';
import { pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/** The Coupon route's search: the period the coupons are valid in, page and the coupon status. */
export const couponSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  status: pickOne(raw.status, COUPON_STATUSES),
}));

export type CouponSearch = ReturnType<typeof couponSearch>;
