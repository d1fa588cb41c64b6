import { type CallQuery, type CreateCouponBody, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';

/* The merchant's coupons (Coupon page). */

/** Asia/Tokyo calendar days (coupons valid on some day of them), the status, and the 1-based page. */
type CouponsQuery = CallQuery<'listCoupons'>;

export const couponKeys = {
  all: ['coupons'] as const,
  lists: () => [...couponKeys.all, 'list'] as const,
  list: (merchantId: number, query: CouponsQuery) => [...couponKeys.lists(), merchantId, query] as const,
};

/** GET /merchants/{id}/coupons: the coupons valid on some day of the period, newest first, with their uses. */
export const listCoupons = (merchantId: number, query: CouponsQuery, signal?: AbortSignal) =>
  api.call('listCoupons', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** POST /merchants/{id}/coupons: the new coupon. */
export const createCoupon = (merchantId: number, body: CreateCouponBody) =>
  api.call('createCoupon', { params: { id: merchantId }, body });

/** PATCH /merchants/{id}/coupons/{coupon_id} with `{status: 'STOPPED'}`: customers can no longer use it. */
export const stopCoupon = (merchantId: number, couponId: number) =>
  api.call('stopCoupon', { params: { id: merchantId, coupon_id: couponId }, body: { status: 'STOPPED' } });

export const couponQueries = {
  list: (merchantId: number, query: CouponsQuery) =>
    queryOptions({
      queryKey: couponKeys.list(merchantId, query),
      queryFn: ({ signal }) => listCoupons(merchantId, query, signal),
    }),
};

/** Every list of coupons is refetched after a change, whatever the caller's own callbacks do. */
function useInvalidateCoupons() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: couponKeys.all });
}

export function useCreateCoupon(merchantId: number) {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: (body: CreateCouponBody) => createCoupon(merchantId, body),
    onSettled: invalidate,
  });
}

export function useStopCoupon(merchantId: number) {
  const invalidate = useInvalidateCoupons();
  return useMutation({
    mutationFn: (couponId: number) => stopCoupon(merchantId, couponId),
    onSettled: invalidate,
  });
}
