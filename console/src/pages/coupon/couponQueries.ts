import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { couponQueries } from '@/api/coupons';
import type { PageQueries } from '@/router/pageData';
import { type CouponSearch, couponSearch } from './couponSearch';

/** The coupons on screen: those valid in the period, of the chosen status, one page. */
export const couponListQuery = (merchantId: number, search: CouponSearch) =>
  couponQueries.list(merchantId, {
    start_date: search.from,
    end_date: search.to,
    ...(search.status ? { status: search.status } : {}),
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
  });

/** The Coupon route's prefetch (router/pageData.ts): the list the page opens with. */
export const couponPageQueries: PageQueries = (merchant, search) => [
  couponListQuery(merchant.merchant_id, couponSearch(search)),
];
